/// A three-way merge of two versions of a file's front matter, key by key.
///
/// git merges text line by line, so two devices that change neighbouring keys of one book
/// (`rating` on one, `tags` on the other) conflict though nothing really does. This merge
/// compares each key's value in the common ancestor (`base`) with its value on each side:
///
/// - a key changed on one side only takes that side's value — its lines copied as that side
///   wrote them, comments included;
/// - both sides changing a key to the same value is no conflict;
/// - lists changed on both sides merge as sets that keep order: what either side removed
///   goes, what either side added stays, placed after its neighbour on the side that added it;
/// - a key added on both sides with different values, changed to different values on both
///   sides, or removed on one side and changed on the other is a conflict.
///
/// The result is `ours` with minimal edits, so its formatting, comments and key order stay
/// byte for byte. A conflicting key is written as a mapping of both values,
/// `rating: {ours: 4, theirs: 3}`, which is valid YAML: the file still reads, and setting the
/// key resolves it. The body is not merged here; it is the caller's to merge as lines.
public struct FrontMatterMerge: Sendable {
    /// A key both sides changed in ways that cannot both hold.
    public struct Conflict: Sendable, Hashable {
        /// The top-level key.
        public let key: String
        /// Our value, `nil` when we removed the key.
        public let ours: YAMLValue?
        /// Their value, `nil` when they removed the key.
        public let theirs: YAMLValue?

        /// A conflict a merge that knows more of the file's meaning found (a status kept among
        /// a list's items, say), reported beside this merge's own.
        package init(key: String, ours: YAMLValue?, theirs: YAMLValue?) {
            self.key = key
            self.ours = ours
            self.theirs = theirs
        }
    }

    /// The key of a conflict mapping that holds our value.
    public static let oursKey = "ours"
    /// The key of a conflict mapping that holds their value.
    public static let theirsKey = "theirs"

    /// Our document with their changes applied and conflicts written as
    /// `key: {ours: …, theirs: …}`.
    public private(set) var document: FrontMatterDocument
    /// The keys in conflict, in the order they were met.
    public private(set) var conflicts: [Conflict] = []

    /// Merges `theirs` into `ours`.
    /// - Parameters:
    ///   - base: The common ancestor; `nil` when both sides added the file.
    ///   - ours: The version in the working tree, which the result is made from.
    ///   - theirs: The version being merged in.
    /// - Throws: ``FrontMatterError/unsupportedEdit(key:reason:_:)`` when a change cannot be
    ///   written into our file without rewriting text it does not own.
    public init(base: FrontMatterDocument?, ours: FrontMatterDocument, theirs: FrontMatterDocument) throws(FrontMatterError) {
        document = ours
        let baseFields = base?.fields
        var keys = theirs.fields.keys
        for key in baseFields?.keys ?? [] where theirs.fields[key] == nil { keys.append(key) }
        for key in keys {
            let old = baseFields?[key]?.value
            let mine = ours.fields[key]?.value
            let new = theirs.fields[key]?.value
            if Self.same(new, old) || Self.same(mine, new) { continue }
            if Self.same(mine, old) {
                try document.adoptEntry(key, from: theirs, after: Self.predecessor(of: key, in: theirs, presentIn: document))
            } else if let merged = Self.mergedList(base: old, ours: mine, theirs: new) {
                try document.setValue(.list(merged), forKey: key)
            } else {
                conflicts.append(Conflict(key: key, ours: mine, theirs: new))
                let pair = YAMLValue.mapping([.init(Self.oursKey, mine ?? .null), .init(Self.theirsKey, new ?? .null)])
                try document.setValue(pair, forKey: key, after: Self.predecessor(of: key, in: theirs, presentIn: document))
            }
        }
    }

    /// Whether a value is a conflict this merge wrote: a mapping of exactly `ours` and `theirs`.
    public static func isConflict(_ value: YAMLValue) -> Bool {
        guard case .mapping(let entries) = value else { return false }
        return entries.map(\.key) == [oursKey, theirsKey]
    }

    private static func same(_ a: YAMLValue?, _ b: YAMLValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        // `5` and `5.0` are one rating, whichever side wrote which.
        case let (.int(a)?, .double(b)?), let (.double(b)?, .int(a)?): Double(a) == b
        case let (a?, b?): a.isSameValue(as: b)
        default: false
        }
    }

    /// The nearest key before `key` in `theirs` that the result has, so that a key they added
    /// lands where they put it.
    private static func predecessor(of key: String, in theirs: FrontMatterDocument,
                                    presentIn document: FrontMatterDocument) -> String? {
        let keys = theirs.fields.keys
        guard let index = keys.firstIndex(of: key) else { return nil }
        return keys[..<index].last { document.fields[$0] != nil }
    }

    /// Two changed lists merged as ordered sets, or `nil` unless both sides hold lists and the
    /// ancestor held a list or nothing.
    static func mergedList(base: YAMLValue?, ours: YAMLValue?, theirs: YAMLValue?) -> [YAMLValue]? {
        guard case .list(let mine)? = ours, case .list(let new)? = theirs else { return nil }
        let old: [YAMLValue]
        switch base {
        case nil, .null?: old = []
        case .list(let items)?: old = items
        default: return nil
        }
        func holds(_ list: [YAMLValue], _ value: YAMLValue) -> Bool {
            list.contains { $0.isSameValue(as: value) }
        }
        var result = mine.filter { !holds(old, $0) || holds(new, $0) }
        for (index, item) in new.enumerated() where !holds(old, item) && !holds(result, item) {
            result.insert(item, at: position(of: index, in: new, among: result))
        }
        return result
    }

    /// Where their item at `index` goes in the merged list: after the nearest earlier item of
    /// theirs that the list has, else before the nearest later one, else at the end.
    private static func position(of index: Int, in theirs: [YAMLValue], among result: [YAMLValue]) -> Int {
        func place(of value: YAMLValue) -> Int? { result.firstIndex { $0.isSameValue(as: value) } }
        if let before = theirs[..<index].reversed().lazy.compactMap(place).first { return before + 1 }
        if let after = theirs[(index + 1)...].lazy.compactMap(place).first { return after }
        return result.count
    }
}
