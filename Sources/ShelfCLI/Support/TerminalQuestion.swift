import Foundation

/// A question asked on standard error and its answer read from standard input, on a thread of
/// its own: the person may take minutes, and a thread of the cooperative pool must never wait
/// for them.
enum TerminalQuestion {
    /// Writes `question` and returns the line typed, without its line break; `nil` at the end of input.
    static func ask(_ question: String) async -> String? {
        FileHandle.standardError.write(Data(question.utf8))
        return await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: readLine(strippingNewline: true)) }
            thread.start()
        }
    }
}
