#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output, where every command's results go, written so that a failed write is an
/// error rather than lost output with exit status 0 (`shelf export > /dev/full`, a full disk).
///
/// Each call is one `write` to file descriptor 1, repeated until every byte is out: no buffer
/// sits between the command and the system, so the error a write meets is the one reported, and
/// nothing is left to fail at exit. Commands print their results in a few large pieces, so the
/// calls are few. A reader that went away (`shelf list | head -1`) ends the command quietly, as
/// `SIGPIPE` does when it is not ignored.
enum StandardOutput {
    /// Writes `text` and a line break.
    /// - Throws: ``CommandFailure`` saying why standard output cannot be written.
    static func writeLine(_ text: String) throws(CommandFailure) {
        try write(text + "\n")
    }

    /// Writes `text` as it is.
    /// - Throws: ``CommandFailure`` saying why standard output cannot be written; with an empty
    ///   message and status 0 when the reader has closed the pipe.
    static func write(_ text: String) throws(CommandFailure) {
        if let capture = OutputCapture.current { return capture.appendOutput(text) }
        var text = text
        let code: Int32? = text.withUTF8 { bytes in
            var written = 0
            while written < bytes.count {
                let result = systemWrite(1, bytes.baseAddress.map { $0 + written }, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        guard let code else { return }
        if code == EPIPE { throw CommandFailure(message: "", status: 0) }
        throw CommandFailure(message: "cannot write to standard output: \(String(cString: strerror(code)))")
    }

    /// Writes text made a piece at a time in writes of some 64 KB: a listing of a large
    /// library is then never held whole as text (a table of 100,000 books is 11 MB, and
    /// growing one string to hold it took twice that).
    struct Writer {
        private var pending = ""
        private static let size = 65_536

        init() {}

        /// Adds `text`, writing what is pending once it is large enough.
        /// - Throws: as ``StandardOutput/write(_:)``.
        mutating func write(_ text: String) throws(CommandFailure) {
            pending += text
            if pending.utf8.count >= Self.size { try flush() }
        }

        /// Writes what is pending; call once at the end.
        mutating func flush() throws(CommandFailure) {
            guard !pending.isEmpty else { return }
            try StandardOutput.write(pending)
            pending.removeAll(keepingCapacity: true)
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }
}
