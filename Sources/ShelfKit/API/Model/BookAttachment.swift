/// A file written beside a book in the same write as the book: its cover image.
///
/// The file is named after the book's file, with its own extension (`dune.md` gets
/// `dune.jpg`), in the book's folder, so git versions it with the book and a note's viewer
/// (Obsidian) shows it from a path relative to the note. When ``key`` names a key, the book's
/// value of that key becomes the file's name, in the same write: a crash leaves neither or both,
/// and one undo takes both back.
package struct BookAttachment: Sendable, Hashable {
    /// The file name's extension without the dot: `jpg`.
    package var fileExtension: String
    /// The file's contents, written as they are.
    package var bytes: [UInt8]
    /// The key that names the file in the book (`cover`), or `nil` to name it nowhere.
    package var key: String?

    /// An attachment with extension `fileExtension` holding `bytes`, named in `key`.
    package init(fileExtension: String, bytes: [UInt8], key: String? = nil) {
        self.fileExtension = fileExtension
        self.bytes = bytes
        self.key = key
    }

    /// The attachment's file name beside the book file at `bookPath`: `finished/dune.md` → `dune.jpg`.
    package func fileName(besideBookAt bookPath: String) -> String {
        let file = bookPath.split(separator: "/").last.map(String.init) ?? bookPath
        let stem = file.hasSuffix(".md") ? String(file.dropLast(3)) : file
        return stem + "." + fileExtension
    }
}
