import Foundation

/// A command running in a pane of a private tmux server, for end-to-end tests of what shelf
/// shows on a real terminal: keys typed with `send-keys`, the screen read with `capture-pane`.
/// Tests that use it are enabled only when ``isAvailable``.
public final class TmuxPane {
    /// tmux, where the tests expect it.
    public static let tmux = "/usr/bin/tmux"
    /// Whether tmux is installed.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: tmux) }

    private let socket: String

    /// Starts `command` (a shell command line) in a detached pane of `width` × `height`.
    public init(_ command: String, name: String, width: Int = 80, height: Int = 24) throws {
        socket = "shelf-\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        let started = try ChildProcess.run(Self.tmux, ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", String(width),
                                                       "-y", String(height), "sh", "-c", command])
        guard started.status == 0 else { throw TmuxFailure(message: "\(started)") }
    }

    deinit {
        _ = try? ChildProcess.run(Self.tmux, ["-L", socket, "kill-server"])
    }

    /// The text on the screen now.
    public func screen() throws -> String {
        try ChildProcess.run(Self.tmux, ["-L", socket, "capture-pane", "-p"]).stdout
    }

    /// Types `keys`, as tmux names them (`"Enter"`, `"Space"`, or literal text).
    public func send(_ keys: String...) throws {
        _ = try ChildProcess.run(Self.tmux, ["-L", socket, "send-keys"] + keys)
    }

    /// Waits until the screen contains `text`, for up to `seconds`; the screen as last read.
    /// Generous: it returns as soon as the text shows, and the whole suite running on two
    /// cores at once sometimes kept a command from drawing its screen within five seconds.
    @discardableResult
    public func waitFor(_ text: String, seconds: Double = 30) throws -> String {
        var shown = ""
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            shown = try screen()
            if shown.contains(text) { return shown }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return shown
    }
}

/// tmux could not start the pane.
public struct TmuxFailure: Error {
    public var message: String
}
