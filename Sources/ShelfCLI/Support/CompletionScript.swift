import ArgumentParser
import Foundation

/// `shelf --generate-completion-script bash|zsh|fish`: swift-argument-parser's scripts, which
/// complete every command, option and value, with the aliases of commands (`ls` for `list`),
/// which they leave out.
///
/// An alias completes as its command does: bash and zsh call a function per command name, so the
/// alias gets its own that calls its command's; fish compares the command words typed with the
/// command's, so the alias is read as its command. Each change is made where the generated text
/// has the expected shape, and `CompletionTests` fails when a new version of the parser changes it.
enum CompletionScript {
    /// The script for `shell`.
    static func text(for shell: CompletionShell) -> String {
        var script = Shelf.completionScript(for: shell)
        let commands = Shelf.configuration.subcommands.map { $0.configuration.commandName ?? "" }
        let pattern = (commands + ["help"]).joined(separator: "|") + ")"
        for command in Shelf.configuration.subcommands {
            let name = command.configuration.commandName ?? ""
            for alias in command.configuration.aliases {
                switch shell {
                case .bash, .zsh:
                    script = script.replacingFirst(pattern, with: (commands + ["help", alias]).joined(separator: "|") + ")")
                    let function = shell == .bash ? "_shelf_\(alias)() {\n    _shelf_\(name)\n}\n" : "_shelf_\(alias)() {\n    _shelf_\(name)\n}\n\n"
                    let last = shell == .bash ? "complete -o filenames -F _shelf shelf" : "if [[ \"${funcstack[1]}\" = _shelf ]]; then"
                    script = script.replacingFirst(last, with: function + (shell == .bash ? "\n" : "") + last)
                case .fish:
                    script = script.replacingFirst("        case '\(name)'\n", with: "        case '\(name)' '\(alias)'\n")
                    script = script.replacingFirst("    set -a commands $unparsed_tokens[1]\n", with: """
                            set -a commands (string replace -r -- '^\(alias)$' '\(name)' $unparsed_tokens[1])

                        """)
                default:
                    break
                }
            }
        }
        if shell == .bash { script = fileNamesOnlyForFiles(script) }
        return script.hasSuffix("\n") ? script : script + "\n"
    }

    /// The bash script with `-o filenames` only where files are completed.
    ///
    /// The generated script sets it for every word (`complete -o filenames`), so readline treats
    /// a status as a file name and, the library's status folders being there, completes
    /// `shelf move dune fin` to `finished/`, which shelf refuses. Set per completion instead
    /// (`compopt`), where the parser completes files (`-f`) or folders (`-d`).
    static func fileNamesOnlyForFiles(_ script: String) -> String {
        script
            .replacingFirst("complete -o filenames -F _shelf shelf", with: "complete -F _shelf shelf")
            .replacingFirst("__shelf_add_completions() {\n    local completion\n", with: """
                __shelf_add_completions() {
                    local argument
                    for argument in "${@}"; do
                        [[ "${argument}" == -f* || "${argument}" == -d || "${argument}" == -o ]] && compopt -o filenames 2>/dev/null
                    done
                    local completion

                """)
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced, or unchanged without one.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
