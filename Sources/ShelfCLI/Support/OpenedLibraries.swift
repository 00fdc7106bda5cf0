import Foundation
import ShelfKit

/// The libraries a command opened, so that what they did besides the command's own work is said
/// once it ends: a watch watchman began for the index, which goes on after the command.
final class OpenedLibraries: @unchecked Sendable {
    /// The registry of the command running in this task; `nil` outside ``ShelfMain/run(_:)``.
    @TaskLocal static var current: OpenedLibraries?

    private let lock = NSLock()
    private var libraries: [FileLibrary] = []
    private var isQuiet = false

    /// Says nothing of a watch: for `shelf watch`, whose own output says it.
    func keepQuiet() {
        lock.withLock { isQuiet = true }
    }

    /// Notes `library` as opened by the command.
    func add(_ library: FileLibrary) {
        lock.withLock { libraries.append(library) }
    }

    /// Says on standard error which folders watchman began to watch for the opened libraries.
    func announce() async {
        let opened = lock.withLock { isQuiet ? [] : libraries }
        var said: Set<String> = []
        for library in opened {
            guard let root = await library.startedWatch, said.insert(root).inserted else { continue }
            printError("shelf: watchman now watches \(root) to keep the index fresh, after this command too; "
                       + "`shelf watch --stop` ends it")
        }
    }
}
