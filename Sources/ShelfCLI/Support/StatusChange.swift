import ShelfKit

/// Moves a book to a status and says where it went; shared by start, finish, abandon and move.
enum StatusChange {
    /// Moves the book `reference` names, the dates the move sets taking `day` (today when
    /// `nil`), and with `edit` changes it in the same write.
    static func move(_ reference: String, to status: Status, folder: String?, on day: Day? = nil, in library: FileLibrary,
                     then edit: (@Sendable (inout Book) throws(ShelfError) -> Void)? = nil) async throws -> Book {
        try await move(try await library.resolve(library.reference(reference)), to: status, folder: folder, on: day, in: library,
                       then: edit)
    }

    /// Moves `book`, already found, as ``move(_:to:folder:on:in:then:)-(String,_,_,_,_,_)`` does.
    static func move(_ book: Book, to status: Status, folder: String?, on day: Day? = nil, in library: FileLibrary,
                     then edit: (@Sendable (inout Book) throws(ShelfError) -> Void)? = nil) async throws -> Book {
        let moved = try await library.move(book.id, to: status, folder: folder, on: day, then: edit ?? { _ in })
        try report(book, movedTo: moved, in: library)
        return moved
    }

    /// Says where `book` went: its paths before and after, or that it was already there.
    static func report(_ book: Book, movedTo moved: Book, in library: FileLibrary) throws {
        let paths = library.displayPaths
        if moved.path == book.path, moved.status != book.status {
            // An adopted library keeps the status in the note: the book stays where it is.
            try StandardOutput.writeLine("\(book.id): \(book.status.name) → \(moved.status.name); updated \(paths(moved.path))")
        } else if moved.path == book.path {
            try StandardOutput.writeLine("\(book.id) is already in \(moved.status.name); \(moved == book ? "nothing changed" : "updated \(paths(moved.path))")")
        } else {
            try StandardOutput.writeLine("\(paths(book.path)) → \(paths(moved.path))")
        }
    }
}
