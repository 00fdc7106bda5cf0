import ArgumentParser
import Foundation
import ShelfKit

/// Runs `shelf` with the process arguments and exits with its status.
///
/// Exit statuses: 0 success, 1 an error (a missing book, a broken file, a problem `check`
/// found), 2 a usage error (an unknown option, a bad value). Messages go to standard error as
/// `shelf: message`; results go to standard output.
public enum ShelfMain {
    public static func main() async -> Never {
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
        var command = try Shelf.parseAsRoot(subcommandFirst(arguments))
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
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

    /// What a person can do about `error` with the CLI itself, after the library's message.
    static func hint(for error: ShelfError) -> String {
        switch error {
        case .libraryNotFound: "; create one with `shelf init`, or point SHELF_LIBRARY or --library at one"
        case .notALibrary(let path, nil): "; make it one with `shelf init \(path)`, or point SHELF_LIBRARY or --library at a library"
        case .notALibrary(_, let library?): "; point SHELF_LIBRARY or --library at \(library)"
        case .insideLibrary(let path, _): "; to create it anyway, run `shelf init --inside-library \(path)`"
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
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
