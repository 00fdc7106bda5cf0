import ArgumentParser
import ShelfKit

/// What `shelf tags`, `shelf authors` and `shelf folders` share: the query that narrows the
/// books, the order and the format, and the printing of the counts.
struct FacetCountOptions: ParsableArguments {
    /// How the values are ordered.
    enum Sort: String, ExpressibleByArgument, CaseIterable {
        case count
        case name
    }

    /// How the counts print.
    typealias Format = TableOrJSON

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions
    @OptionGroup var filter: BookFilterOptions

    @Option(help: "count (most books first, then by name) or name.")
    var sort: Sort = .count

    @Option(help: "table or json.")
    var format: Format = .table

    /// Counts the values of `facet` among the books the query matches and prints them under
    /// the column title `title`.
    func run(_ facet: BookFacet, title: String) async throws {
        let library = try library.open()
        let counts = try await library.counts(of: facet, matching: try filter.query(today: Day.today()),
                                              order: sort == .name ? .name : .count)
        switch format {
        case .json:
            let items: [JSONValue] = counts.items.map { .object([("name", .string($0.name)), ("books", .int($0.books))]) }
            try StandardOutput.writeLine(JSONValue.array(items).text(.pretty))
        case .table:
            guard !counts.items.isEmpty else { break }
            var table = Table(columns: [.init(title: title, givesWay: 0, minimum: 20), .init(title: "BOOKS", alignment: .right)])
            for item in counts.items { table.append([item.name, String(item.books)]) }
            let terminal = color.terminal()
            try StandardOutput.write(table.render(width: terminal.width, terminal: terminal))
        }
        LibraryWarning.print(counts.problems, paths: library.displayPaths)
    }
}
