/// A word of a command line shelf prints for a person to run (a hint's `shelf set …`), quoted
/// for a POSIX shell when it needs to be: a title with spaces, a list, an apostrophe.
enum ShellWord {
    /// `word` as is when the shell reads it so, else in single quotes (a `'` inside written `'\''`).
    static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.unicodeScalars.contains(where: { !isPlain($0) }) else { return word }
        return "'" + word.replacing("'", with: #"'\''"#) + "'"
    }

    /// Characters no POSIX shell treats specially anywhere in a word.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", ":", "=", ",", "+", "@", "%": true
        default: scalar.value > 0x7F
        }
    }
}
