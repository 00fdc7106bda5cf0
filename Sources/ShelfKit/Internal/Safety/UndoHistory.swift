internal import Foundation

/// The writes this device can take back, oldest first: one file each in `.shelf/undo/`
/// (`000042.json`), holding the steps that return every file a write changed to what it held
/// before it.
///
/// The steps are ``JournalStep``s, so taking a write back is itself one journaled,
/// all-or-nothing write, and each step carries the stamp of what the write left: a file changed
/// since is never overwritten, the whole undo is refused instead. The history is this device's
/// own (git-ignored, as the index is) and bounded: the last ``limit`` writes. A write whose
/// replaced bytes would pass ``largestRecord`` is kept as a record without steps, so that an undo
/// after it stops there with a reason instead of silently taking back an older write.
enum UndoHistory {
    /// The folder, relative to the library.
    static let folder = ".shelf/undo"
    /// How many writes are kept.
    static let limit = 50
    /// The most bytes one write may keep (what it replaced, mostly).
    static let largestRecord = 32 << 20

    /// One write, as it can be taken back.
    struct Record: Codable, Sendable, Hashable {
        /// What the write was: `move of dune`, `log of a session of dune`.
        var operation: String
        /// What it changed: `reading/dune.md → finished/dune.md`.
        var detail: String
        /// When it was made.
        var made: Date
        /// The steps that take it back, in order; `nil` when it was too large to keep.
        var steps: [JournalStep]?
        /// The files it changed, for a listing.
        var paths: [String]
    }

    /// The kept writes, oldest first, each with its file's path.
    static func records(in storage: some LibraryStorage) -> [(path: String, record: Record)] {
        paths(in: storage).compactMap { path in record(at: path, in: storage).map { (path, $0) } }
    }

    /// The newest kept write that can be read, with its file's path; only it is decoded.
    static func newest(in storage: some LibraryStorage) -> (path: String, record: Record)? {
        for path in paths(in: storage).reversed() {
            if let record = record(at: path, in: storage) { return (path, record) }
        }
        return nil
    }

    /// The records' files, oldest first.
    private static func paths(in storage: some LibraryStorage) -> [String] {
        ((try? storage.entries(in: folder)) ?? [])
            .filter { $0.kind == .file && sequence(of: $0.name) != nil }
            .map(\.name)
            .sorted { (sequence(of: $0) ?? 0) < (sequence(of: $1) ?? 0) }
            .map { folder + "/" + $0 }
    }

    private static func record(at path: String, in storage: some LibraryStorage) -> Record? {
        guard let bytes = try? storage.read(path) else { return nil }
        return try? JSONDecoder().decode(Record.self, from: Data(bytes))
    }

    /// Keeps `record` as the newest write and forgets those past ``limit``.
    static func keep(_ record: Record, in storage: inout some LibraryStorage) throws(ShelfError) {
        var record = record
        if let steps = record.steps, steps.reduce(0, { $0 + $1.byteCount }) > largestRecord { record.steps = nil }
        if storage.kind(of: folder) == nil { try storage.makeDirectory(folder) }
        for temporary in staleTemporaries(in: storage) { try? storage.removeFile(temporary) }
        let existing = ((try? storage.entries(in: folder)) ?? []).compactMap { sequence(of: $0.name) }.sorted()
        let next = (existing.last ?? 0) + 1
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes: Data
        do {
            bytes = try encoder.encode(record)
        } catch {
            throw .io(path: folder, operation: "encode", message: "\(error)")
        }
        try storage.write(Array(bytes), to: path(of: next))
        for old in existing.dropLast(max(0, limit - 1)) { try? storage.removeFile(path(of: old)) }
    }

    /// The temporary files killed writes of the history left (`.000042.json.<pid>.<n>.tmp`).
    static func staleTemporaries(in storage: some LibraryStorage) -> [String] {
        ((try? storage.entries(in: folder)) ?? []).filter { $0.kind == .file && $0.name.hasPrefix(".") && $0.name.hasSuffix(".tmp") }
            .map { folder + "/" + $0.name }
    }

    private static func path(of sequence: Int) -> String {
        let digits = String(sequence)
        return folder + "/" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".json"
    }

    private static func sequence(of name: String) -> Int? {
        guard name.hasSuffix(".json") else { return nil }
        return Int(name.dropLast(5))
    }

    /// The folder below which empty folders are removed after undoing a file at `path`: its
    /// status folder (`finished`), or the folder of `.shelf` it lives in (`.shelf/trash`).
    static func stop(for path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        if components.first == ".shelf", components.count > 2 { return components[0] + "/" + components[1] }
        return components.first ?? ""
    }
}

/// What the operation running has written so far, to be kept as one `UndoHistory/Record` when
/// it ends: an operation made of others (a `log` that moves its book) is taken back whole.
struct PendingUndo: Sendable {
    private var operations: [String] = []
    private var details: [String] = []
    private var steps = UndoSteps()
    private var paths: [String] = []

    /// Records a journal that was performed, with the steps that take it back.
    mutating func add(_ journal: Journal, takenBackBy inverse: UndoSteps) {
        operations.append(journal.operation)
        details.append(journal.detail)
        steps.append(inverse)
        for path in journal.steps.flatMap(\.paths) where !paths.contains(path) { paths.append(path) }
    }

    /// The record to keep, `nil` when nothing was written.
    func record(madeAt date: Date) -> UndoHistory.Record? {
        guard !steps.isEmpty else { return nil }
        return UndoHistory.Record(operation: operations.joined(separator: ", then "), detail: details.joined(separator: "; "),
                                  made: date, steps: steps.steps, paths: paths)
    }
}

/// The steps that take back a write, gathered as its steps are made (``LibraryFiles/perform(_:)``).
struct UndoSteps: Sendable {
    /// The inverse of each step made, in the order the steps were made.
    private var inverses: [[JournalStep]] = []

    /// Records that `step` was made, and the bytes it replaced or removed.
    mutating func record(_ step: JournalStep, replaced previous: [UInt8]?) {
        switch step {
        case .write(let path, let bytes, let expected):
            let now = JournalStep.Stamp(FileStamp(Array(bytes)))
            if expected != nil, let previous {
                inverses.append([.write(path: path, bytes: Data(previous), expected: now)])
            } else {
                inverses.append([.remove(path: path, expected: now),
                                 .removeEmptyFolders(from: Path.parent(of: path), stoppingAt: UndoHistory.stop(for: path))])
            }
        case .move(let source, let destination):
            inverses.append([.move(from: destination, to: source),
                             .removeEmptyFolders(from: Path.parent(of: destination), stoppingAt: UndoHistory.stop(for: destination))])
        case .remove(let path, _):
            if let previous { inverses.append([.create(path, previous)]) }
        case .removeEmptyFolders:
            // A step back recreates the folders it needs.
            break
        }
    }

    /// Appends the steps of a later write of the same operation.
    mutating func append(_ later: UndoSteps) {
        inverses += later.inverses
    }

    /// Whether no step was made.
    var isEmpty: Bool { inverses.isEmpty }

    /// The steps that take the write back: the last step made is taken back first.
    var steps: [JournalStep] { inverses.reversed().flatMap { $0 } }
}

extension JournalStep {
    /// The bytes the step carries.
    var byteCount: Int {
        if case .write(_, let bytes, _) = self { return bytes.count }
        return 0
    }
}
