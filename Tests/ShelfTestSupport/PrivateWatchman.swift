import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A watchman server of a test's own, with its own socket, state and log in a temporary folder,
/// so that tests never touch the watchman of the person running them. Tests that need one are
/// skipped where watchman is not installed (``isInstalled``).
public final class PrivateWatchman: Sendable {
    /// The folder holding the socket, state file and log.
    public let folder: String
    /// The server's socket, for `WATCHMAN_SOCK` or the library's watcher settings.
    public let socket: String
    private let child: ChildProcess

    /// The `watchman` program on `PATH`, if any.
    public static let program: String? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { String($0) + "/watchman" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether watchman is installed here.
    public static var isInstalled: Bool { program != nil }

    /// Starts a server in a new folder, or in `folder` again (a restart: a new instance, whose
    /// clocks are not the old one's), and waits until it answers.
    public static func start(in folder: String? = nil) async throws -> PrivateWatchman {
        guard let program else { throw Unavailable() }
        // A short folder: a unix socket's path must fit in 108 bytes.
        let folder = try folder ?? TemporaryFolder.make(in: "/tmp")
        let socket = folder + "/sock"
        try? FileManager.default.removeItem(atPath: socket)
        let child = try ChildProcess.start(program, [
            "--foreground", "--no-save-state", "--sockname=\(socket)", "--statefile=\(folder)/state",
            "--logfile=\(folder)/log", "--pidfile=\(folder)/pid",
        ])
        let server = PrivateWatchman(folder: folder, socket: socket, child: child)
        for _ in 0..<200 {
            if server.answers() { return server }
            try await Task.sleep(for: .milliseconds(25))
        }
        server.stop()
        throw Unavailable()
    }

    private init(folder: String, socket: String, child: ChildProcess) {
        self.folder = folder
        self.socket = socket
        self.child = child
    }

    /// Kills the server at once, as a crash would, and waits for it to end; also the process
    /// its pid file names, should the server have left one behind.
    public func stop() {
        let recorded = (try? String(contentsOfFile: folder + "/pid", encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        child.kill()
        _ = child.wait()
        // Only a process that is this server, by the socket on its command line.
        if let recorded, recorded != child.pid, recorded > 1,
           let command = FileManager.default.contents(atPath: "/proc/\(recorded)/cmdline"),
           String(decoding: command, as: UTF8.self).contains("--sockname=\(socket)") {
            _ = Glibc.kill(recorded, SIGKILL)
        }
    }

    /// Stops the server and removes its folder.
    public func remove() {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Whether the server accepts a connection on its socket.
    private func answers() -> Bool {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(self.socket.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = byte }
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }

    /// watchman is not installed, or its server did not start.
    public struct Unavailable: Error {}
}
