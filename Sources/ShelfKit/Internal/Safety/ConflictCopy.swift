/// The names of the copies shelf keeps when a save lands while it is writing a file:
/// `<name>.conflict`, then `<name>.conflict-2`, `-3`… beside it. No walk reads them as books,
/// and `check` reports them.
enum ConflictCopy {
    /// How many names are tried before giving up.
    static let attempts = 1...1_000

    /// The `attempt`th name for a copy kept beside `path`.
    static func name(beside path: String, attempt: Int) -> String {
        path + (attempt == 1 ? ".conflict" : ".conflict-\(attempt)")
    }

    /// The Markdown file a copy named `name` was kept beside (`dune.md` for
    /// `dune.md.conflict-2`), or `nil` when `name` is not such a copy.
    static func original(of name: String) -> String? {
        var stem = Substring(name)
        if let dash = stem.lastIndex(of: "-") {
            let number = stem[stem.index(after: dash)...]
            if !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) { stem = stem[..<dash] }
        }
        guard stem.hasSuffix(".md.conflict"), stem.count > ".md.conflict".count else { return nil }
        return String(stem.dropLast(".conflict".count))
    }
}
