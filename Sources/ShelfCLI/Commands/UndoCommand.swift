import ArgumentParser
import Foundation
import ShelfKit

/// `shelf undo`: takes back the last write made on this device.
struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back the last change shelf made to the library on this device.",
        discussion: """
            Every file the change created is removed, every file it replaced gets its old bytes \
            back, and every file it moved or removed to the trash moves back: a wrong finish, \
            move, set, log, rm or import is taken back exactly. Run it again to take back the \
            change before, up to the last 50. A file that changed since (edited by hand, pulled \
            from another device) is never overwritten: the undo is refused and nothing changes. \
            The history is kept in .shelf/undo/, out of git, on this device only.

            Examples:
              shelf finish dune
              shelf undo
              shelf undo --list
            """
    )

    @OptionGroup var library: LibraryOptions

    @Flag(help: "List the changes that can be taken back, the next one first, and change nothing.")
    var list = false

    func run() async throws {
        let library = try library.open()
        if list {
            let writes = try await library.undoableWrites()
            guard !writes.isEmpty else {
                printError("shelf: nothing to undo")
                return
            }
            let terminal = Terminal.current(environment: ProcessInfo.processInfo.environment)
            var table = Table(columns: [.init(title: "MADE"), .init(title: "CHANGE"), .init(title: "FILES", givesWay: 0)])
            for write in writes {
                let change = write.isUndoable ? write.operation : write.operation + " (too large to undo)"
                table.append([Self.time(write.made), change, library.displayPaths(write.detail)])
            }
            try StandardOutput.write(table.render(width: terminal.width, terminal: terminal))
            return
        }
        let undone = try await library.undoLastWrite()
        try StandardOutput.writeLine("undid the \(undone.operation): \(library.displayPaths(undone.detail))")
    }

    /// A moment as the person reads it: `2026-11-27 13:40`, in local time.
    private static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
