public import FrontMatter

/// How git's merge of one imported session file is settled when two devices imported it from
/// databases that differ (a session that grew between two snapshots): the side whose page turns
/// cover the other's — each of the other's turns there, as long or longer — was worked out from
/// more of the reading, and is taken whole, provided the two differ in nothing but what the
/// import derives from the turns (`from`, `to`, `pages`, `minutes`, `koreader_turns`). Anything
/// else (a note written on one side, a key changed by hand, turns neither side covers) is left
/// to the key-by-key merge, which keeps both and says so.
public enum KOReaderSessionMerge {
    /// Which of two versions of an imported session to keep.
    public enum Side: Sendable, Hashable {
        case ours
        case theirs
    }

    /// The keys an import derives from the turns.
    static let derivedKeys: Set<String> = ["from", "to", "pages", "minutes", KOReaderSessionKeys.turns]

    /// The version to keep whole, or `nil` when the ordinary merge is to decide.
    public static func covering(ours: FrontMatterDocument, theirs: FrontMatterDocument) -> Side? {
        guard isImported(ours), isImported(theirs),
              ours[KOReaderSessionKeys.md5]?.value == theirs[KOReaderSessionKeys.md5]?.value,
              Array(ours.bytes[ours.bodyRange]) == Array(theirs.bytes[theirs.bodyRange]),
              otherValues(of: ours) == otherValues(of: theirs),
              let ourTurns = turns(of: ours), let theirTurns = turns(of: theirs) else { return nil }
        if covers(theirTurns, ourTurns) { return .theirs }
        if covers(ourTurns, theirTurns) { return .ours }
        return nil
    }

    private static func isImported(_ document: FrontMatterDocument) -> Bool {
        document[KOReaderSessionKeys.source]?.value == .string(KOReaderSessionKeys.sourceValue)
    }

    private static func otherValues(of document: FrontMatterDocument) -> [String: YAMLValue] {
        var values: [String: YAMLValue] = [:]
        for entry in document.fields.entries where !derivedKeys.contains(entry.key) { values[entry.key] = entry.value.value }
        return values
    }

    private static func turns(of document: FrontMatterDocument) -> [PageTurn]? {
        guard case .string(let text)? = document[KOReaderSessionKeys.turns]?.value else { return nil }
        return KOReaderSessionKeys.decode(text)
    }

    /// Whether every turn of `other` is in `turns` (same start and page), as long or longer.
    private static func covers(_ turns: [PageTurn], _ other: [PageTurn]) -> Bool {
        var longest: [PageTurnKey: Int] = [:]
        for turn in turns { longest[PageTurnKey(turn), default: 0] = max(longest[PageTurnKey(turn), default: 0], turn.duration) }
        return other.allSatisfy { turn in (longest[PageTurnKey(turn)] ?? -1) >= turn.duration }
    }

    private struct PageTurnKey: Hashable {
        var start: Int64
        var page: Int

        init(_ turn: PageTurn) {
            start = turn.start
            page = turn.page
        }
    }
}
