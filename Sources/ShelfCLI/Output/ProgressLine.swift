import Foundation

/// One line of progress on standard error, rewritten in place; silent when standard error is
/// not a terminal, so logs and pipes never see it.
struct ProgressLine {
    var enabled: Bool

    /// Replaces the line with `text`.
    func show(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + text).utf8))
    }

    /// Removes the line.
    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
