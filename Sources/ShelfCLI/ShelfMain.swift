import ArgumentParser
import Foundation
import ShelfKit
import ShelfInterchange
import ShelfMetadata

/// Runs `shelf` with the process arguments and exits with its status.
///
/// Exit statuses: 0 success, 1 an error (a missing book, a broken file, a problem `check`
/// found, a value refused such as `--limit -1`), 2 what the argument parser refuses (an unknown
/// command or option, a missing or unreadable argument). Messages go to standard error as
/// `shelf: message`; results go to standard output.
public enum ShelfMain {
    public static func main() async -> Never {
        BrokenPipe.writeFailsInstead()
        // Before any database opens: SQLite takes this only then.
        IndexOptions.stopSQLiteMemoryStatistics()
        do {
            try await run(Array(CommandLine.arguments.dropFirst()))
            exit(0)
        } catch {
            exit(report(error))
        }
    }

    /// Runs one command line in this process, as `shelf` would run it, and throws what it throws.
    ///
    /// ``main()`` is this plus the message and the exit status; tests call it to run commands
    /// without starting a process.
    /// - Parameter arguments: The arguments after the program's name: `["set", "dune", "rating=4"]`.
    /// - Throws: What the command throws: a `ShelfError`, an argument parser error (a usage
    ///   error, a request for help, an `ExitCode`), or a failure the command has already explained.
    public static func run(_ arguments: [String]) async throws {
        let opened = OpenedLibraries()
        do {
            try await OpenedLibraries.$current.withValue(opened) { try await runCommand(arguments) }
        } catch {
            await opened.announce()
            throw error
        }
        await opened.announce()
    }

    /// The command of `arguments`, parsed and run.
    private static func runCommand(_ arguments: [String]) async throws {
        if let unknown = unknownCommand(in: arguments) { throw unknown }
        if let shell = completionShell(in: arguments) {
            try StandardOutput.write(CompletionScript.text(for: shell))
            return
        }
        // The asynchronous parse, which runs the completion functions that read the library.
        var command = try await Shelf.asyncParseAsRoot(nullFlag(subcommandFirst(arguments)))
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    }

    /// Runs one command line in this process as ``run(_:)`` does, with what it prints kept in
    /// `capture` rather than written out; the exit status it would end with is returned, and
    /// its error message is in the capture's standard error, as `shelf` would print them.
    /// - Returns: The exit status `shelf` would exit with.
    public static func run(_ arguments: [String], capturingOutputIn capture: OutputCapture) async -> Int32 {
        await OutputCapture.$current.withValue(capture) {
            do {
                try await run(arguments)
                return 0
            } catch {
                return report(error)
            }
        }
    }

    /// The arguments with `-0` of `list`, `ls` and `search` written `--null`, before any `--`.
    ///
    /// The argument parser reads a short flag out of any group of letters (`-0` out of
    /// `-year:2024`, a query term), so the flag is declared long and `-0` on its own mapped here.
    static func nullFlag(_ arguments: [String]) -> [String] {
        guard let command = arguments.first, ["list", "ls", "search"].contains(command) else { return arguments }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        return arguments.enumerated().map { index, argument in index < end && argument == "-0" ? "--null" : argument }
    }

    /// The arguments with the library options given before the command (`--library PATH`,
    /// `--no-index`) moved to the end of the command's own arguments.
    ///
    /// `shelf --library PATH list` is the form people type (and the README shows), but options
    /// belong to the subcommand that declares them, and that may be a subcommand of a subcommand
    /// (`shelf --library PATH import goodreads FILE`). The options go before a `--`, after which
    /// everything is a query word.
    static func subcommandFirst(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if first == "--library", rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--library=") || first == "--no-index" {
                leading.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        guard !leading.isEmpty, let command = rest.first, !command.hasPrefix("-") else { return arguments }
        let commandArguments = Array(rest)
        let separator = commandArguments.firstIndex(of: "--") ?? commandArguments.endIndex
        return Array(commandArguments[..<separator]) + leading + Array(commandArguments[separator...])
    }

    /// A usage error for a command name that is not one, with the names close to it, as git
    /// says "did you mean": `shelf lst`, `shelf help nosuch`, `shelf import goodrads`.
    ///
    /// The argument parser would take the word for an unexpected argument, or print the top
    /// help for `help nosuch` and exit 0.
    static func unknownCommand(in arguments: [String]) -> CommandFailure? {
        var words = arguments[...]
        while let first = words.first, first == "--library" || first.hasPrefix("--library=") || first == "--no-index" {
            words = words.dropFirst(first == "--library" ? 2 : 1)
        }
        if words.first == "help" { words = words.dropFirst() }
        var command: any ParsableCommand.Type = Shelf.self
        var path = ["shelf"]
        for word in words {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            let named = subcommands.flatMap { subcommand in
                let name = subcommand.configuration.commandName ?? ""
                return ([name] + subcommand.configuration.aliases).map { (word: $0, name: name, command: subcommand) }
            }
            guard let match = named.first(where: { $0.word == word }) else {
                let close = Suggestions.closeMatches(to: word, among: named.map(\.word))
                var names: [String] = []
                for alias in close {
                    if let name = named.first(where: { $0.word == alias })?.name, !names.contains(name) { names.append(name) }
                }
                let advice = names.isEmpty ? "see `\(path.joined(separator: " ")) --help`"
                    : "did you mean " + Suggestions.alternatives(names.map { "'\($0)'" }) + "?"
                return CommandFailure(message: "'\(word)' is not a \(path.joined(separator: " ")) command; \(advice)", status: 2)
            }
            command = match.command
            path.append(match.name)
        }
        return nil
    }

    /// The shell of `--generate-completion-script SHELL` given alone, whose script shelf writes
    /// itself (``CompletionScript``); `nil` leaves any other use to the parser.
    static func completionShell(in arguments: [String]) -> CompletionShell? {
        let option = "--generate-completion-script"
        if arguments.count == 2, arguments[0] == option { return CompletionShell(rawValue: arguments[1]) }
        if arguments.count == 1, arguments[0].hasPrefix(option + "=") {
            return CompletionShell(rawValue: String(arguments[0].dropFirst(option.count + 1)))
        }
        return nil
    }

    /// What a person can do about `error` with the CLI itself, after the library's message.
    static func hint(for error: ShelfError) -> String {
        switch error {
        case .libraryNotFound: "; create one with `shelf init`, or point SHELF_LIBRARY or --library at one"
        case .notALibrary(let path, nil): "; make it one with `shelf init \(path)`, or point SHELF_LIBRARY or --library at a library"
        case .notALibrary(_, let library?): "; point SHELF_LIBRARY or --library at \(library)"
        case .insideLibrary(let path, _): "; to create it anyway, run `shelf init --inside-library \(path)`"
        case .impossibleSession(_, _, .pastLastPage(let page, _)): " (with --pages-total \(page) or more)"
        case .impossibleSession(let bookID, _, .afterFinished): " with `shelf start \(bookID)`"
        case .liveSessionRunning: ReadCommand.runningHint
        case .exportOfAnotherService(let path, _, _, let service, _, _):
            " with `shelf import \(service) \(ShellWord.quoted(path))`"
        case .noLiveSession(nil): "; start one with `shelf read BOOK`"
        case .invalidFrontMatter(let problem):
            // A book file shelf cannot read: `shelf edit` opens it by path without reading it.
            if let path = problem.location.path, let slug = BookID(bookPath: path), Day(slug.rawValue.prefix(10)) == nil {
                "; fix it with `shelf edit \(slug)`"
            } else {
                ""
            }
        default: ""
        }
    }

    /// Prints what went wrong and returns the exit status.
    static func report(_ error: any Error) -> Int32 {
        switch error {
        case let error as ShelfError:
            printError("shelf: \(error)\(hint(for: error))")
            if case .invalidQuery = error { return 2 }
            return 1
        case let error as MetadataError:
            printError("shelf: \(error)")
            return 1
        case let error as KOReaderError:
            printError("shelf: \(error)")
            return 1
        case let error as CommandFailure:
            if !error.message.isEmpty { printError("shelf: \(error.message)") }
            return error.status
        case let error as ExitCode:
            return error.rawValue
        default:
            let code = Shelf.exitCode(for: error)
            let message = Shelf.fullMessage(for: error)
            if code == .success {
                guard !message.isEmpty else { return 0 }
                do throws(CommandFailure) { try StandardOutput.writeLine(message) } catch { return report(error) }
                return 0
            }
            if !message.isEmpty { printError(message.hasPrefix("Error: ") ? "shelf: " + message.dropFirst(7) : message) }
            return code == .validationFailure ? 2 : 1
        }
    }
}

/// An error that has already been explained (or needs only a short message) and an exit status.
struct CommandFailure: Error {
    var message: String
    var status: Int32 = 1
}

/// Writes a line to standard error.
func printError(_ message: String) {
    if let capture = OutputCapture.current { return capture.appendError(message + "\n") }
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
