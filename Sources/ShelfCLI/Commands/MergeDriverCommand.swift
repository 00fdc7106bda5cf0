import ArgumentParser
import Foundation
import ShelfInterchange
import ShelfKit

/// `shelf merge-driver BASE OURS THEIRS [PATH]`: git's merge driver for library files.
struct MergeDriverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Merge three versions of a book or session file (git runs this; see git-setup).",
        discussion: """
            Writes the merge of BASE, OURS and THEIRS into OURS, as git expects of a merge \
            driver. Front matter merges key by key, lists as sets; bodies merge with \
            `git merge-file`. Exits 0 when the merge is clean, 1 when a key or the body \
            conflicts (the file then holds both sides, for `shelf check` to report). A file \
            that is not front matter, or in a library adopted from notes a note that is not \
            a book, is merged by `git merge-file` alone.
            """
    )

    @Option(name: .customLong("marker-size"), help: "The length of conflict marker lines (git's %L).")
    var markerSize = 7

    @Argument(help: "The common ancestor (git's %O); empty when both sides added the file.")
    var base: String

    @Argument(help: "Our version (git's %A); the result is written here.")
    var ours: String

    @Argument(help: "Their version (git's %B).")
    var theirs: String

    @Argument(help: "The file's path in the repository (git's %P), for messages.")
    var path: String?

    func run() throws {
        let name = path ?? ours
        let versions = try [base, ours, theirs].map(Self.read)
        let lineMerge = { (base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws in
            try Git.mergeLines(base: base, ours: ours, theirs: theirs, markerSize: markerSize)
        }
        let merged: [UInt8]
        var clean: Bool
        // git runs the driver at the top of the work tree, and %P is relative to it.
        let absolute = name.hasPrefix("/") ? name : FileManager.default.currentDirectoryPath + "/" + name
        let asBook = BookFileMerge.mergesAsBook(atPath: absolute, ours: versions[1])
        if asBook,
           let ourDocument = try? FrontMatterDocument(bytes: versions[1], path: name),
           let theirDocument = try? FrontMatterDocument(bytes: versions[2], path: name),
           let side = KOReaderSessionMerge.covering(ours: ourDocument, theirs: theirDocument) {
            // One device's import saw more of a session's page turns than the other's.
            merged = side == .ours ? versions[1] : versions[2]
            clean = true
        } else if asBook,
           let merge = try BookFileMerge.merge(base: versions[0], ours: versions[1], theirs: versions[2], path: name,
                                               conventions: BookFileMerge.conventions(ofLibraryHolding: absolute),
                                               mergingLines: lineMerge) {
            merged = merge.bytes
            clean = merge.isClean
            for conflict in merge.conflicts {
                printError("shelf: \(name): \(conflict.key) changed on both sides (ours \(Self.describe(conflict.ours)), "
                           + "theirs \(Self.describe(conflict.theirs))); both kept, see `shelf check`")
            }
            if merge.bodyConflicted { printError("shelf: \(name): the text changed on both sides; see the <<<<<<< lines") }
        } else {
            let lines = try lineMerge(versions[0], versions[1], versions[2])
            merged = lines.bytes
            clean = !lines.conflicted
        }
        do throws(ShelfError) {
            try ExportFile.write(bytes: merged, to: ours)
        } catch {
            throw CommandFailure(message: "cannot write the merge to \(ours): \(error.description)")
        }
        if !clean { throw ExitCode(1) }
    }

    private static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "cannot read \(path)")
        }
        return [UInt8](data)
    }

    private static func describe(_ value: YAMLValue?) -> String {
        value.map(\.description) ?? "removed"
    }
}
