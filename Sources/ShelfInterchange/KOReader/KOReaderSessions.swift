internal import Foundation
import ShelfKit

/// How page turns become sessions, and how a session file keeps the page turns it was made of,
/// so that every later import (of a newer snapshot, of another device's database) works from
/// the union of every turn ever imported and counts each once.
///
/// The rules (docs/import.md, "KOReader"):
/// - a turn is identified by its book's md5, its page and its start; one seen twice (two devices'
///   databases, synced) counts once, with the longer duration;
/// - a book's turns, in time order, form one session until a gap longer than ``gap`` seconds
///   between the end of one turn and the start of the next;
/// - the session starts at its first turn, on the local day and minute of ``timeZone``; its
///   minutes are its turns' seconds added, rounded to the nearest minute;
/// - its pages are those it reached, rescaled to the book's page count as KOReader's
///   `page_stat` view does when a book was repaginated.
struct KOReaderSessionRules: Sendable {
    /// The longest pause inside one session, in seconds.
    var gap: Int
    /// Where the reader's days begin and end.
    var timeZone: TimeZone

    /// `turns` (of one book's md5) split into sessions, each in time order.
    func split(_ turns: [PageTurn]) -> [[PageTurn]] {
        var sessions: [[PageTurn]] = []
        var current: [PageTurn] = []
        var end: Int64 = .min
        for turn in turns {
            if !current.isEmpty, turn.start > end + Int64(gap) {
                sessions.append(current)
                current = []
            }
            current.append(turn)
            end = current.count == 1 ? turn.end : max(end, turn.end)
        }
        if !current.isEmpty { sessions.append(current) }
        return sessions
    }

    /// The local day and minute of a moment; `nil` only for a moment no calendar can place.
    func localStart(_ seconds: Int64) -> (day: Day, time: TimeOfDay)? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute],
                                            from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        guard let year = parts.year, let month = parts.month, let date = parts.day, let hour = parts.hour,
              let minute = parts.minute, let day = Day(year: year, month: month, day: date),
              let time = TimeOfDay(hour: hour, minute: minute) else { return nil }
        return (day, time)
    }

    /// The turns of `a` and `b` together, each turn once (the longer when both have it), in
    /// order of start then page.
    static func union(_ a: [PageTurn], _ b: [PageTurn]) -> [PageTurn] {
        var byKey: [TurnKey: PageTurn] = [:]
        byKey.reserveCapacity(a.count + b.count)
        for turn in a + b {
            let key = TurnKey(page: turn.page, start: turn.start)
            if let known = byKey[key], (known.duration, known.totalPages) >= (turn.duration, turn.totalPages) { continue }
            byKey[key] = turn
        }
        return byKey.values.sorted { ($0.start, $0.page) < ($1.start, $1.page) }
    }

    /// A turn's identity within its book.
    private struct TurnKey: Hashable {
        var page: Int
        var start: Int64
    }

    /// The first and last page `turn` covers in a book of `pages` pages: `page_stat`'s rescaling
    /// of a row recorded when the book had `totalPages`.
    static func pages(of turn: PageTurn, in pages: Int?) -> ClosedRange<Int> {
        guard let pages, turn.totalPages > 0, pages != turn.totalPages else {
            let page = max(1, turn.page)
            return page...page
        }
        let page = max(1, turn.page)
        let first = (page - 1) * pages / turn.totalPages + 1
        let last = max(first, page * pages / turn.totalPages)
        return min(first, pages)...min(last, pages)
    }
}

/// The keys an imported session keeps beside `from`, `to` and `minutes`.
enum KOReaderSessionKeys {
    /// `source: koreader`: where the session came from.
    static let source = "source"
    static let sourceValue = "koreader"
    /// The md5 of the book file whose turns these are (a book read as two files has two).
    static let md5 = "koreader"
    /// The turns, `START+SECONDS@PAGE/TOTAL` each, separated by spaces: `1763150405+45@12/494`.
    static let turns = "koreader_turns"
    /// The suffix of an imported session's file name: `2025-11-12-2130-koreader.md`.
    static let suffix = "koreader"

    /// The turns written as ``turns`` holds them.
    static func encode(_ turns: [PageTurn]) -> String {
        var text = ""
        text.reserveCapacity(turns.count * 22)
        for (index, turn) in turns.enumerated() {
            if index > 0 { text += " " }
            text += "\(turn.start)+\(turn.duration)@\(turn.page)/\(turn.totalPages)"
        }
        return text
    }

    /// The turns of a ``turns`` value; `nil` when any token is not a turn (a hand edit broke it:
    /// the session is then left as it is, and reported).
    static func decode(_ text: String) -> [PageTurn]? {
        var turns: [PageTurn] = []
        for token in text.utf8.split(separator: UInt8(ascii: " ")) {
            guard let turn = decode(token) else { return nil }
            turns.append(turn)
        }
        return turns
    }

    private static func decode(_ token: some Collection<UInt8>) -> PageTurn? {
        var numbers: [Int64] = []
        var current: Int64 = 0
        var digits = 0
        let separators: [UInt8] = [UInt8(ascii: "+"), UInt8(ascii: "@"), UInt8(ascii: "/")]
        for byte in token {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                guard digits < 15 else { return nil }
                current = current * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
            } else if numbers.count < 3, byte == separators[numbers.count], digits > 0 {
                numbers.append(current)
                current = 0
                digits = 0
            } else {
                return nil
            }
        }
        guard numbers.count == 3, digits > 0 else { return nil }
        return PageTurn(page: Int(numbers[2]), start: numbers[0], duration: Int(numbers[1]), totalPages: Int(current))
    }
}
