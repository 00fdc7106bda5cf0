import Foundation
import ShelfKit

/// A session's note as a command takes it: as given, from standard input (`--note -`), or
/// written in the person's editor (`--edit`). The text is kept byte for byte, CRLF too.
enum NoteInput {
    /// The note `--note` gives: its text, or standard input read to its end for `-`.
    static func read(_ value: String) throws -> String {
        guard value == "-" else { return value }
        return try text(Array(FileHandle.standardInput.readDataToEndOfFile()), from: "standard input")
    }

    /// Opens `initial` in `$VISUAL` or `$EDITOR` (``EditorLauncher``) as a temporary Markdown
    /// file and returns what was saved; a note of only blank lines is no note.
    static func edit(_ initial: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("shelf-note-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).md").path
        // A note given with --note ends its line, so that what the editor adds starts a new one.
        let prefilled = initial.isEmpty || initial.last?.isNewline == true ? initial : initial + "\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(prefilled.utf8)) else {
            throw CommandFailure(message: "cannot write a temporary file for the note at \(path)")
        }
        do throws(EditorLauncher.Failure) {
            try EditorLauncher(environment: ProcessInfo.processInfo.environment).edit(path)
        } catch {
            // What was typed may be in the file: keep it, and say where.
            throw CommandFailure(message: error.description + "; nothing was logged, the note is kept in \(path)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let saved = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "the note's temporary file \(path) is gone; nothing was logged")
        }
        let note = try text(Array(saved), from: "the note's file")
        return note.allSatisfy(\.isWhitespace) ? "" : note
    }

    private static func text(_ bytes: [UInt8], from source: String) throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InvalidValue("the note from \(source) is not UTF-8 text")
        }
        return text
    }
}
