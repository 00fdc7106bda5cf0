import ArgumentParser
import Foundation
package import ShelfKit
package import ShelfMetadata

/// Where `add --isbn`, `add --lookup` and `fetch` get their metadata source.
///
/// `shelf` itself does not link the network: URLSession on Linux is libcurl and some thirty
/// libraries, which would double the start-up of every command. `shelf-online`, installed beside
/// it, is the same commands with a source: its `main` gives one (``factory``) for the command
/// it runs. `shelf` hands the process over to it (`execv`, same arguments, same environment)
/// before the command reads or writes anything.
package enum OnlineSource {
    /// What makes the source for a library: `bulk` for a run over many books, `version` shelf's.
    package typealias Factory = @Sendable (_ library: FileLibrary, _ bulk: Bool, _ version: String) async throws -> any MetadataSource

    /// The factory of the process: set by `shelf-online`'s main before the command line is
    /// parsed, while the process has no other task, and only read after, hence `unsafe`
    /// without a lock. (A `@TaskLocal` was the first choice: pushing its value crashes
    /// release builds with the static standard library, in `swift_task_localValuePush`.)
    nonisolated(unsafe) private static var factory: Factory?

    /// Runs the command line as ``ShelfMain/main()`` does, with `factory` the source of its
    /// fetches: `shelf-online`'s main.
    package static func main(with factory: @escaping Factory) async -> Never {
        Self.factory = factory
        await ShelfMain.main()
    }

    /// Returns when this process can reach the network; otherwise hands the process over to
    /// `shelf-online`, and throws only when that cannot be done.
    static func requireNetwork() throws {
        guard factory == nil else { return }
        guard OutputCapture.current == nil else {
            throw CommandFailure(message: "fetching from Open Library needs shelf-online; it does not run in process")
        }
        let helper = helperPath()
        guard access(helper, X_OK) == 0 else {
            throw CommandFailure(message: "fetching from Open Library needs shelf-online installed beside shelf, as \(helper) "
                                 + "(swift build -c release --product shelf-online)")
        }
        let arguments = [helper] + CommandLine.arguments.dropFirst()
        let argv = arguments.map { strdup($0) } + [nil]
        execv(helper, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        throw CommandFailure(message: "cannot run \(helper): \(reason)")
    }

    /// The source for `library`.
    static func source(for library: FileLibrary, bulk: Bool) async throws -> any MetadataSource {
        guard let factory else { throw CommandFailure(message: "fetching from Open Library needs shelf-online") }
        return try await factory(library, bulk, Shelf.configuration.version)
    }

    /// `shelf-online` in the folder of this executable. Foundation finds the executable on each
    /// platform (`/proc/self/exe` on Linux, `_NSGetExecutablePath` on Darwin); `argv[0]`, a bare
    /// name when run from PATH, is only the last resort.
    private static func helperPath() -> String {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? "shelf"
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("shelf-online").path
    }
}
