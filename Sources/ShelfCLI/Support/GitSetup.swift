import Foundation
import ShelfKit

/// Installs shelf's merge driver in the git repository around a library: a line in the
/// library's `.gitattributes`, which travels with the repository, and the driver's command in
/// the clone's own `.git/config`, which each clone needs once (`shelf git-setup`).
///
/// A clone without the driver configured, or a device without shelf (a phone's git app),
/// merges with git's own line merge: the attribute names a driver git does not know there.
struct GitSetup {
    /// The attribute line that sends Markdown files to the driver.
    static let attributeLine = "*.md merge=shelf"

    /// The driver's command, run by git through the shell. Without `shelf` on the PATH it
    /// falls back to git's own line merge, so a merge never fails for want of the binary.
    static let driverCommand = "if command -v shelf >/dev/null 2>&1; "
        + "then shelf merge-driver --marker-size %L %O %A %B %P; "
        + "else git merge-file --marker-size=%L -L ours -L base -L theirs %A %O %B; fi"

    /// What the setup changed, one line each, for the person.
    var changes: [String] = []

    /// The library's root folder.
    let root: String
    /// The library's map of adopted notes, if it has one: then only the book notes and the
    /// sessions go to the driver, and the site's or vault's other notes keep git's own merge.
    var notes: NoteConventions?

    /// The attribute lines this library needs.
    var attributeLines: [String] {
        guard let notes, !notes.folder.isEmpty else { return [Self.attributeLine] }
        // gitattributes patterns have no quoting: a space is written as a class.
        let folder = notes.folder.replacingOccurrences(of: " ", with: "[[:space:]]")
        return ["\(folder)/**/*.md merge=shelf", "\(NoteConventions.defaultSessions)/**/*.md merge=shelf"]
    }

    /// Writes the attribute and the driver's settings; already present ones are left alone.
    /// - Throws: ``Git/Failure`` when git cannot be run or refuses the settings, and
    ///   ``CommandFailure`` when `.gitattributes` cannot be written.
    mutating func install() throws {
        let git = Git(directory: root)
        // Outside a repository, `git config --local` fails: find that out before writing an
        // attribute that would name a driver nobody set.
        _ = try git.text(["rev-parse", "--git-dir"])
        for line in attributeLines { try addAttributeLine(line) }
        let name = "shelf: books and sessions merged key by key"
        for (key, value) in [("merge.shelf.name", name), ("merge.shelf.driver", Self.driverCommand)] {
            let current = try? git.text(["config", "--local", "--get", key])
            guard current != value else { continue }
            _ = try git.text(["config", "--local", key, value])
            changes.append("set \(key) in the repository's .git/config")
        }
    }

    /// Appends the attribute line to `.gitattributes` unless a line already says it, keeping
    /// the file's own lines and line breaks.
    private mutating func addAttributeLine(_ attributeLine: String) throws {
        let path = root + "/.gitattributes"
        var bytes: [UInt8] = []
        if FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure(message: "cannot read \(path)")
            }
            bytes = [UInt8](data)
        }
        let words = attributeLine.split(separator: " ")
        guard let completed = LineListFile.appending(attributeLine, to: bytes, unless: { line in
            line.split(whereSeparator: \.isWhitespace).elementsEqual(words)
        }) else { return }
        do throws(ShelfError) {
            try ExportFile.write(bytes: completed, to: path)
        } catch {
            throw CommandFailure(message: "cannot write \(path): \(error.description)")
        }
        changes.append("added `\(attributeLine)` to .gitattributes")
    }
}
