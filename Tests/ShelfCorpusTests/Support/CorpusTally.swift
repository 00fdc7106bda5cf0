/// The counts of a corpus run and what went wrong, for the summary and the test's verdict.
struct CorpusTally {
    /// An edit that changed more than it meant, or a refusal with no real problem behind it.
    struct Failure {
        var file: String
        var variant: Variant
        var operation: String
        var category: String
        var detail: String

        var line: String { "\(file) [\(variant.rawValue)] \(operation): \(category)\(detail.isEmpty ? "" : ": " + detail)" }
    }

    var files = 0
    var notBooks: [(file: String, reason: String)] = []
    var unreadable: [(file: String, reason: String)] = []
    var variants = 0
    var variantsLikeTheOriginal = 0
    var operations = 0
    var byteExact = 0
    var notApplicable = 0
    var refusals: [String: Int] = [:]
    var failures: [Failure] = []

    var refused: Int { refusals.values.reduce(0, +) }

    mutating func fail(_ file: Corpus.File, _ variant: Variant, _ operation: String, _ category: String, _ detail: String = "") {
        failures.append(Failure(file: file.name, variant: variant, operation: operation, category: category, detail: detail))
    }

    /// A refusal that names the problem in the file, grouped by the problem without its place.
    mutating func refuse(_ message: String) {
        refusals[Self.reason(message), default: 0] += 1
    }

    /// A message without its `path:line:column: ` and the value it quotes, so like refusals count together.
    static func reason(_ message: String) -> String {
        var reason = message.replacing(#/^\S*\.md:\d+:\d+: /#, with: "")
        if let found = reason.firstRange(of: ", found \"") { reason = String(reason[..<found.lowerBound]) }
        return reason
    }

    /// Whether a message names a place in a file, `path.md:line:column`.
    static func namesPlace(_ message: String) -> Bool {
        message.contains(#/\.md:\d+:\d+/#)
    }

    /// The counts, the refusals by reason and the failures by category and operation.
    var summary: String {
        let books = files - notBooks.count - unreadable.count
        var lines = [
            "corpus: \(files) files (\(books) books, \(notBooks.count) not a book, \(unreadable.count) refused at read), "
                + "\(variants) variants (\(variantsLikeTheOriginal) more would repeat the original), "
                + "\(operations) operations: \(byteExact) byte-exact, \(refused) refused, \(failures.count) failures "
                + "(\(notApplicable) operations did not apply)",
        ]
        for (file, reason) in notBooks { lines.append("  not a book: \(file): \(reason)") }
        for (file, reason) in unreadable { lines.append("  refused at read: \(file): \(reason)") }
        for (reason, count) in refusals.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            lines.append("  refused ×\(count): \(reason)")
        }
        let categories = Dictionary(grouping: failures, by: \.category)
        for (category, failures) in categories.sorted(by: { $0.value.count > $1.value.count }) {
            let operations = Dictionary(grouping: failures, by: \.operation)
                .map { "\($0.key) ×\($0.value.count)" }.sorted().joined(separator: ", ")
            let files = Set(failures.map(\.file)).count
            lines.append("  failed ×\(failures.count) in \(files) files: \(category) (\(operations))")
            for failure in failures.prefix(3) { lines.append("    e.g. " + failure.line) }
        }
        return lines.joined(separator: "\n")
    }

    /// Every failure, one a line, grouped by category.
    var failureList: String {
        failures.sorted { ($0.category, $0.file) < ($1.category, $1.file) }.map(\.line).joined(separator: "\n")
    }
}
