// `shelf-crash-helper LIBRARY VALUE`: sets `subtitle: VALUE` on every book of LIBRARY in one
// batch update, as an app built on ShelfKit would. The crash tests kill it midway; it is not
// part of `shelf`.
import Foundation
import ShelfKit

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: shelf-crash-helper LIBRARY VALUE\n".utf8))
    exit(2)
}
do {
    let library = try FileLibrary(root: arguments[1])
    if let note = library.recoveredJournal { FileHandle.standardError.write(Data("shelf: \(note)\n".utf8)) }
    let books = try await library.scan().books.map { book in
        var book = book
        book.subtitle = arguments[2]
        return book
    }
    try await library.update(books)
    print("updated \(books.count) books")
} catch {
    FileHandle.standardError.write(Data("shelf-crash-helper: \(error)\n".utf8))
    exit(1)
}
