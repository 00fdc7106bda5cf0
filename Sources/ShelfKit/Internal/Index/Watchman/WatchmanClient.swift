internal import CSystemCalls
internal import Foundation
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// One connection to a watchman server through its unix socket, speaking its JSON protocol:
/// a request is one JSON array on a line, its answer one JSON object on a line
/// (https://facebook.github.io/watchman/docs/socket-interface).
///
/// Every read and write gives up after ``timeoutMilliseconds``, so a server that hangs costs a
/// command that long and then the walk, never the command itself. Nothing here decides what an
/// answer means: that is ``WatchedChanges``.
final class WatchmanClient {
    /// Why the server could not answer; every case sends the refresh back to the walk.
    enum Failure: Error, Sendable {
        /// Nothing listens at the socket, or it went away mid-answer.
        case unreachable(String)
        /// The server took longer than ``timeoutMilliseconds``.
        case timedOut
        /// The server answered with an `error`, or something that is not a JSON object.
        case refused(String)
    }

    /// How long one read or write may wait. A local server answers a `query` since a clock in
    /// well under a millisecond; a second allows for a busy machine, and a first `watch-project`
    /// of a large tree, without letting a stuck server hold a command up for long.
    static let timeoutMilliseconds: Int32 = 1_000

    private let descriptor: Int32
    private var pending: [UInt8] = []

    /// Connects to the server listening at `socket`.
    init(socket: String) throws(Failure) {
        let descriptor = shelf_unix_connect(socket, Self.timeoutMilliseconds)
        guard descriptor >= 0 else { throw .unreachable(String(cString: strerror(errno))) }
        self.descriptor = descriptor
    }

    deinit { systemClose(descriptor) }

    /// Sends one command (`["clock", "/root"]`) and returns the server's answer.
    func request(_ command: [Any]) throws(Failure) -> [String: Any] {
        try post(command)
        let answerLine = try receiveLine()
        guard let answer = try? JSONSerialization.jsonObject(with: Data(answerLine)) as? [String: Any] else {
            throw .refused("the answer is not a JSON object")
        }
        if let error = answer["error"] as? String { throw .refused(error) }
        return answer
    }

    /// Sends one command without waiting for its answer: a subscription's answers and the
    /// changes after them are read with ``nextMessage(waitingMilliseconds:)``.
    func post(_ command: [Any]) throws(Failure) {
        let line: Data
        do {
            line = try JSONSerialization.data(withJSONObject: command)
        } catch {
            throw .refused("the request could not be encoded: \(error)")
        }
        try send(Array(line) + [UInt8(ascii: "\n")])
    }

    /// The next message the server sends (an answer or a unilateral one, such as a
    /// subscription's changes), or `nil` when none begins within `waitingMilliseconds`.
    func nextMessage(waitingMilliseconds: Int32) throws(Failure) -> [String: Any]? {
        if !pending.contains(UInt8(ascii: "\n")) {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, waitingMilliseconds)
            if ready == 0 || (ready < 0 && errno == EINTR) { return nil }
            if ready < 0 { throw .unreachable(String(cString: strerror(errno))) }
        }
        let line = try receiveLine()
        guard let message = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            throw .refused("the answer is not a JSON object")
        }
        return message
    }

    private func send(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a server that closed the socket is an error to fall back from, not a
            // SIGPIPE that would end the command.
            let written = bytes[offset...].withUnsafeBytes { buffer in
                systemSend(descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .unreachable(String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    /// The next line the server sends, without its line end. Unilateral answers (logs,
    /// subscriptions) are never asked for, so the next line is the answer.
    private func receiveLine() throws(Failure) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<end])
                pending.removeSubrange(...end)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { buffer in systemRead(descriptor, buffer.baseAddress, buffer.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .unreachable(String(cString: strerror(errno)))
            }
            if count == 0 { throw .unreachable("the server closed the connection") }
            pending += chunk[..<count]
        }
    }

    /// The server's socket: `WATCHMAN_SOCK` when set, else what `watchman get-sockname` says
    /// (which starts no server); `nil` when watchman is not installed or says nothing usable.
    /// Running the program costs a few milliseconds, so callers keep the answer.
    static func socketPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let socket = environment["WATCHMAN_SOCK"], !socket.isEmpty { return socket }
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { String($0) + "/watchman" }
        guard let program = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--no-spawn", "--output-encoding=json", "get-sockname"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let answer = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let socket = answer["sockname"] as? String, !socket.isEmpty else { return nil }
        return socket
    }
}

// The system calls of the connection, named apart from the client's own `send` and `read`.

private func systemClose(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `send` that never raises SIGPIPE: `MSG_NOSIGNAL` on Linux; on Darwin, which lacks it, the
/// socket is made with `SO_NOSIGPIPE` (`shelf_unix_connect`).
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    send(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
    #else
    send(descriptor, buffer, count, 0)
    #endif
}
