internal import Foundation

/// The intent journal: every change a multi-file operation is about to make, written to
/// `.shelf/journal.json` and flushed before the first change, removed after the last.
///
/// A journal left behind means a process died midway. The next process to open the library
/// replays it: each step is idempotent (a write whose bytes are already there, a move whose
/// source is gone and destination present, are done), so replaying finishes the operation
/// exactly once. Writes carry the stamp of the bytes they replace, so a replay never
/// overwrites a file someone edited after the crash.
struct Journal: Codable, Sendable, Hashable {
    /// The journal file, relative to the library root.
    static let path = ".shelf/journal.json"

    /// What the operation was, for the recovery note: `move of dune`.
    var operation: String
    /// What it changes, for the recovery note: `finished/dune.md → reading/dune.md`.
    var detail: String
    /// The changes, in the order they are made.
    var steps: [JournalStep]
    /// A write of the undo history this operation takes back (`UndoHistory`), removed with
    /// the journal once the steps are made, so a write is never taken back twice.
    var forgets: String?

    init(operation: String, detail: String, steps: [JournalStep], forgets: String? = nil) {
        self.operation = operation
        self.detail = detail
        self.steps = steps
        self.forgets = forgets
    }

    /// The journal as written to disk.
    func encoded() throws(ShelfError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return Array(try encoder.encode(self))
        } catch {
            throw .io(path: Self.path, operation: "encode", message: "\(error)")
        }
    }

    /// Reads a journal file; `nil` when its bytes are not a journal (it was never complete,
    /// since it is written atomically, so this only happens when someone edited it).
    static func decode(_ bytes: [UInt8]) -> Journal? {
        try? JSONDecoder().decode(Journal.self, from: Data(bytes))
    }
}
