import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal of a live screen (`shelf read`): keys one at a time, without echo, while the
/// screen runs, and lines as typed (cooked mode, with the terminal's own editing) for a note or
/// an answer. The settings found at the start are put back by ``restore()``, which is safe to
/// call more than once and from a signal's handler task.
final class RawTerminal: @unchecked Sendable {
    private let input: Int32
    private let saved: termios
    private let lock = NSLock()
    private var restored = false

    /// Takes the terminal on `input`, or returns nil when it is not a terminal.
    init?(input: Int32 = STDIN_FILENO) {
        var settings = termios()
        guard isatty(input) == 1, tcgetattr(input, &settings) == 0 else { return nil }
        self.input = input
        self.saved = settings
    }

    /// Keys as they are pressed: no line buffering, no echo. Ctrl-C still sends SIGINT.
    func keys() {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        apply(raw)
    }

    /// Lines as typed, echoed, with the terminal's line editing: the settings found at the start.
    func lines() { apply(saved) }

    /// Puts the settings found at the start back.
    func restore() {
        lock.lock()
        defer { lock.unlock() }
        guard !restored else { return }
        restored = true
        var settings = saved
        tcsetattr(input, TCSAFLUSH, &settings)
    }

    private func apply(_ settings: termios) {
        lock.lock()
        defer { lock.unlock() }
        restored = false
        var settings = settings
        tcsetattr(input, TCSADRAIN, &settings)
    }
}

/// Reads standard input on a thread of its own, with `poll` and a timeout so that it can be
/// stopped, and hands each chunk read to `deliver`: the cooperative pool never waits on a read.
final class InputReader: @unchecked Sendable {
    private let input: Int32
    private let lock = NSLock()
    private var stopping = false
    private var ended = false
    private var waiting: CheckedContinuation<Void, Never>?

    init(input: Int32 = STDIN_FILENO) { self.input = input }

    /// Starts reading; `deliver` gets each chunk, and an empty one at end of input.
    func start(_ deliver: @escaping @Sendable ([UInt8]) -> Void) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 256)
            while !isStopping {
                var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, 100)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 { continue }
                if ready < 0 { deliver([]); break }
                let count = read(input, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 { deliver([]); break }
                deliver(Array(buffer[0..<count]))
            }
            finish()
        }
        thread.name = "shelf-read-input"
        thread.start()
    }

    /// Stops reading and returns once the thread has ended (within one poll timeout), so that
    /// a program started next (the editor) has the terminal's input to itself.
    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            stopping = true
            if ended {
                lock.unlock()
                continuation.resume()
            } else {
                waiting = continuation
                lock.unlock()
            }
        }
    }

    private func finish() {
        lock.lock()
        ended = true
        let continuation = waiting
        waiting = nil
        lock.unlock()
        continuation?.resume()
    }

    private var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }
}

/// Runs `work`, which blocks (waiting for a child process), on a thread of its own, so that the
/// cooperative pool keeps running.
func offThePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
