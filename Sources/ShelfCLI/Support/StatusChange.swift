import ShelfKit

/// Moves a book to a status and says where it went; shared by start, finish, abandon and move.
enum StatusChange {
    static func move(_ reference: String, to status: Status, folder: String?, in library: FileLibrary,
                     then edit: ((inout Book) throws -> Void)? = nil) async throws -> Book {
        let book = try await library.resolve(reference)
        var moved = book
        if book.status != status || (folder != nil && folder != book.folder) {
            moved = try await library.move(book.id, to: status, folder: folder)
        }
        if let edit {
            var edited = moved
            try edit(&edited)
            if edited != moved { moved = try await library.update(edited) }
        }
        if moved.path == book.path {
            print("\(book.id) is already in \(status.name); \(moved == book ? "nothing changed" : "updated \(moved.path)")")
        } else {
            print("\(book.path) → \(moved.path)")
        }
        return moved
    }

    /// The status at a position of the configured order, with the default name as fallback.
    static func status(at index: Int, _ fallback: Status, in library: FileLibrary) async -> Status {
        let statuses = library.configuration.statuses
        return statuses.contains(fallback) ? fallback : (index < statuses.count ? statuses[index] : fallback)
    }
}
