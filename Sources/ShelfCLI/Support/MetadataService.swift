import ArgumentParser
import Foundation
import ShelfKit
import ShelfMetadata

/// What `add` and `fetch` share about a metadata source: the cover as an attachment and an
/// edition as a line to pick.
enum MetadataService {
    /// The cover of `record` as an attachment named in `cover`, or `nil` when it has none.
    static func coverAttachment(of record: EditionRecord, from source: any MetadataSource) async throws -> BookAttachment? {
        guard let image = try await source.cover(of: record) else { return nil }
        return BookAttachment(fileExtension: image.kind.fileExtension, bytes: image.bytes, key: "cover")
    }

    /// `Dune — Frank Herbert, 1965, 535 pages, Ace Books`.
    static func describe(_ candidate: EditionCandidate) -> String {
        var parts: [String] = []
        if !candidate.authors.isEmpty { parts.append(candidate.authors.joined(separator: ", ")) }
        if let year = candidate.year { parts.append(String(year)) }
        if let pages = candidate.pages { parts.append("\(pages) pages") }
        if let publisher = candidate.publisher { parts.append(publisher) }
        return candidate.title + (parts.isEmpty ? "" : " — " + parts.joined(separator: ", "))
    }
}
