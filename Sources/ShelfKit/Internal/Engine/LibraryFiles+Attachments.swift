internal import Foundation

/// Books written with files beside them (``BookAttachment``): a cover fetched with the book's
/// details, in the book's journal, so that a crash leaves both or neither and one undo takes
/// both back.
extension LibraryFiles {
    /// Adds a book with its attachments, each key that names one set to its file name.
    mutating func add(_ item: NewBook, attaching attachments: [BookAttachment]) throws(ShelfError) -> Book {
        var plan = WritePlan()
        var steps: [JournalStep] = []
        let storage = storage
        let keys = try planAdditions([item], preparing: { location, book throws(ShelfError) in
            steps = try Self.attachmentSteps(attachments, beside: location, naming: &book, in: storage)
        }, into: &plan)
        guard let key = keys.first, let entry = plan.entries[key] else {
            throw .bookNotFound(reference: item.book.id.rawValue, closeMatches: [])
        }
        try perform(plan, operation: "add", of: entry.destination.slug.isEmpty ? nil : BookID(entry.destination.slug), after: steps)
        return entry.book
    }

    /// Reads a book, applies `change`, names its attachments in it and writes them with what
    /// changed, under one hold of the lock.
    mutating func update(_ id: BookID, attaching attachments: [BookAttachment],
                         _ change: (inout Book) throws(ShelfError) -> Void) throws(ShelfError) -> Book {
        var (plan, location, read) = try planStartingFromReading(id)
        var book = read
        try change(&book)
        // A status or folder changed here is a move, as in `update(_:_:)`; files are attached
        // beside the book where it is, so the two do not go in one write.
        if book.status != read.status || book.folder != read.folder {
            guard attachments.isEmpty else {
                throw .invalidValue(path: location.path, key: book.status != read.status ? "status" : "folder",
                                    value: book.status != read.status ? book.status.rawValue : book.folder,
                                    reason: "cannot change in the write that attaches files beside the book; move it first",
                                    at: nil)
            }
            try planPlaceChange(of: book, readAs: read, into: &plan)
        }
        let steps = try Self.attachmentSteps(attachments, beside: location, naming: &book, in: storage)
        let key = try planUpdate(book, into: &plan)
        try perform(plan, operation: "update", of: id, after: steps)
        guard let entry = plan.entries[key] else { throw .bookNotFound(reference: id.rawValue, closeMatches: []) }
        return entry.book
    }

    /// The steps that create each attachment beside the book at `location`, its name set in
    /// `book` under its key. A file already there is never replaced: one holding the same bytes
    /// is named and kept, any other is ``ShelfError/alreadyExists(path:)``.
    private static func attachmentSteps(_ attachments: [BookAttachment], beside location: BookLocation, naming book: inout Book,
                                        in storage: Storage) throws(ShelfError) -> [JournalStep] {
        var steps: [JournalStep] = []
        for attachment in attachments {
            let name = attachment.fileName(besideBookAt: location.path)
            try PathSafety.checkComponent(name)
            guard !attachment.fileExtension.isEmpty, !attachment.fileExtension.contains("."),
                  attachment.fileExtension.lowercased() != "md" else {
                throw .unsafeName(name: name, reason: "an attachment's extension must be one word other than md")
            }
            let path = Path.joined(location.directory, name)
            if let kind = storage.kind(of: path) {
                guard kind == .file, (try? storage.read(path)) == attachment.bytes else { throw .alreadyExists(path: path) }
            } else {
                steps.append(.write(path: path, bytes: Data(attachment.bytes), expected: nil))
            }
            if let key = attachment.key { book = try book.setting(key, to: .string(name)) }
        }
        return steps
    }

    /// Makes the cache folder `path` (and its parents), keeping `.shelf/cache/` out of git.
    mutating func makeCacheFolder(_ path: String) throws(ShelfError) {
        try completeIgnoreFile(with: ShelfIgnoreFile.cacheLine)
        var partial = ""
        for component in path.split(separator: "/") {
            partial = Path.joined(partial, String(component))
            if storage.kind(of: partial) == nil { try storage.makeDirectory(partial) }
        }
    }
}
