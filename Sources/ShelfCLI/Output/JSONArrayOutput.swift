/// A pretty JSON array written to standard output an item at a time, as the chunks of a
/// listing come (``BookRecords/writeJSONArray(_:_:)`` writes the same text from every item at
/// once): an export of a large library never holds its text whole.
final class JSONArrayOutput: Sendable {
    /// Keeps how many items were written.
    private let output = StreamedOutput(keeping: 0)

    /// Writes `items`, each made by ``BookRecords/jsonItem(_:)``; `false` once a write failed,
    /// and the listing should stop.
    func append(_ items: [String]) -> Bool {
        output.write { writer, written throws(CommandFailure) in
            for item in items {
                try writer.write(Self.separator(before: written))
                try writer.write(item)
                written += 1
            }
        }
    }

    /// What comes before the item at `index` of a pretty JSON array: its opening, or a comma.
    static func separator(before index: Int) -> String { index == 0 ? "[\n  " : ",\n  " }

    /// What ends a pretty JSON array of `count` items.
    static func end(after count: Int) -> String { count == 0 ? "[]\n" : "\n]\n" }

    /// Ends the array and writes what is left.
    /// - Throws: The first error a write met.
    func finish() throws(CommandFailure) {
        try output.finish { writer, written throws(CommandFailure) in try writer.write(Self.end(after: written)) }
    }
}
