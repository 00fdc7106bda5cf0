#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a file in the person's editor, `$VISUAL`, else `$EDITOR`, else `vi`, without a shell.
///
/// The variable is split into words (single and double quotes group words, as in
/// `EDITOR="code --wait"`), and the file path is passed as its own argument, so a path with
/// spaces or `$` in it can never be interpreted by a shell.
struct EditorLauncher {
    enum Failure: Error, CustomStringConvertible {
        case cannotStart(editor: String, reason: String)
        case exited(editor: String, status: Int32)

        var description: String {
            switch self {
            case .cannotStart(let editor, let reason):
                "cannot start the editor \"\(editor)\": \(reason); set VISUAL or EDITOR to an editor on your PATH"
            case .exited(let editor, let status):
                "the editor \"\(editor)\" exited with status \(status); the file was left as it is"
            }
        }
    }

    var environment: [String: String]

    /// The editor command as words.
    var command: [String] {
        let value = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let words = Self.split(value)
        return words.isEmpty ? ["vi"] : words
    }

    /// Runs the editor on `path` and waits for it to exit.
    func edit(_ path: String) throws(Failure) {
        let arguments = command + [path]
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], nil, nil, &cArguments, environ)
        guard result == 0 else {
            throw .cannotStart(editor: arguments[0], reason: String(cString: strerror(result)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = (status >> 8) & 0xFF
        guard status & 0x7F == 0, exitStatus == 0 else {
            throw .exited(editor: arguments[0], status: status & 0x7F == 0 ? exitStatus : 128 + (status & 0x7F))
        }
    }

    /// Splits a command line into words: whitespace separates, quotes group, backslash escapes.
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
