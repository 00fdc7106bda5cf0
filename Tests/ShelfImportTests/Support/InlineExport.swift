import Foundation
@testable import ShelfKit
@testable import ShelfInterchange
import Testing

/// Small exports written in a test: the service's real header and a few rows given by column name.
enum InlineExport {
    /// Goodreads' 24-column header.
    static let goodreadsHeader = GoodreadsExport.header
    /// StoryGraph's header.
    static let storyGraphHeader = [
        "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added", "Last Date Read",
        "Dates Read", "Read Count", "Moods", "Pace", "Character- or Plot-Driven?", "Strong Character Development?",
        "Loveable Characters?", "Diverse Characters?", "Flawed Characters?", "Star Rating", "Review",
        "Content Warnings", "Content Warning Description", "Tags", "Owned?",
    ]

    /// CSV text for `rows` under the header of `format`; missing columns are empty.
    static func csv(_ format: ImportFormat, _ rows: [[String: String]]) -> String {
        let header = format == .goodreads ? goodreadsHeader : storyGraphHeader
        var lines = [header.map(quoted).joined(separator: ",")]
        for row in rows { lines.append(header.map { quoted(row[$0] ?? "") }.joined(separator: ",")) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads, plans and applies `text` as an export of `format`.
    @discardableResult
    static func importText(_ text: String, format: ImportFormat, into library: some LibraryBatchWriting,
                           options: ImportOptions = ImportOptions()) async throws -> ImportPlan {
        let importer = LibraryImporter(format: format, options: options)
        let rows = try importer.read(text, path: "export.csv", configuration: library.configuration)
        let plan = try await importer.plan(rows, for: library)
        try await library.apply(plan.batch)
        return plan
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
