#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reader that stops early (`shelf list | head -1`) is not an error: without this, the first
/// write after `head` exits delivers `SIGPIPE`, whose default action kills the process with
/// status 141. With a handler that does nothing, the write fails with `EPIPE` instead, which
/// ``StandardOutput`` turns into a quiet exit 0.
///
/// A handler rather than `SIG_IGN`: an ignored signal stays ignored in the programs shelf starts
/// (git, the editor), while a handled one goes back to its default action when they start.
enum BrokenPipe {
    /// Installs the handler; call once, before the first write.
    static func writeFailsInstead() {
        // `signal` is the same call on Linux and Darwin.
        _ = signal(SIGPIPE, ignoreSignal)
    }
}

/// Does nothing: the signal is only kept from ending the process.
private func ignoreSignal(_: Int32) {}
