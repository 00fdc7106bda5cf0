import Foundation

/// Running `git`: the line merge of bodies for the merge driver, and the settings
/// `git-setup` writes into a repository. git is found on the PATH, as a person runs it.
struct Git {
    enum Failure: Error, CustomStringConvertible {
        case cannotRun(reason: String)
        case failed(arguments: [String], status: Int32, message: String)

        var description: String {
            switch self {
            case .cannotRun(let reason):
                "cannot run git: \(reason); install git and make sure it is on your PATH"
            case .failed(let arguments, let status, let message):
                "`git \(arguments.joined(separator: " "))` failed with status \(status)"
                    + (message.isEmpty ? "" : ": \(message)")
            }
        }
    }

    struct Output {
        var status: Int32
        var standardOutput: Data
        var standardError: String
    }

    /// The folder git runs in.
    var directory: String

    /// Runs git and waits for it; the caller decides what a non-zero status means.
    func run(_ arguments: [String]) throws(Failure) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .cannotRun(reason: error.localizedDescription)
        }
        // The commands run here write a few lines to standard error at most, so reading
        // standard output to its end first cannot leave git stalled on a full error pipe.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // 127 is the shell's "command not found", which prints nothing; `merge-file` also exits
        // 127 for 127 conflicts or more, with the merge on standard output.
        if process.terminationReason == .uncaughtSignal || (process.terminationStatus == 127 && outputData.isEmpty) {
            throw .cannotRun(reason: message.isEmpty ? "it exited with status \(process.terminationStatus)" : message)
        }
        return Output(status: process.terminationStatus, standardOutput: outputData, standardError: message)
    }

    /// Runs git and returns its standard output without the final line break; a non-zero
    /// status throws.
    func text(_ arguments: [String]) throws(Failure) -> String {
        let output = try run(arguments)
        guard output.status == 0 else { throw .failed(arguments: arguments, status: output.status, message: output.standardError) }
        var text = String(decoding: output.standardOutput, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The top folder of the work tree holding `directory`, or `nil` outside a repository.
    func workTreeRoot() -> String? {
        guard let output = try? run(["rev-parse", "--show-toplevel"]), output.status == 0 else { return nil }
        let text = String(decoding: output.standardOutput, as: UTF8.self).trimmingCharacters(in: .newlines)
        return text.isEmpty ? nil : text
    }

    /// git's own three-way line merge of three texts (`git merge-file`), with conflicts
    /// marked by lines of `markerSize` `<`, `=` and `>`.
    static func mergeLines(base: [UInt8], ours: [UInt8], theirs: [UInt8],
                           markerSize: Int) throws(Failure) -> (bytes: [UInt8], conflicted: Bool) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("shelf-merge-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotRun(reason: "cannot create a temporary folder: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (name, bytes) in [("ours", ours), ("base", base), ("theirs", theirs)] {
            let url = folder.appendingPathComponent(name)
            do {
                try Data(bytes).write(to: url)
            } catch {
                throw .cannotRun(reason: "cannot write a temporary file: \(error.localizedDescription)")
            }
            paths.append(url.path)
        }
        let arguments = ["merge-file", "-p", "--marker-size=\(markerSize)", "-L", "ours", "-L", "base", "-L", "theirs"] + paths
        let output = try Git(directory: folder.path).run(arguments)
        // merge-file exits with the number of conflicts, or a negative number (255) on an error.
        guard (0..<128).contains(output.status) else {
            throw .failed(arguments: ["merge-file"], status: output.status, message: output.standardError)
        }
        return ([UInt8](output.standardOutput), output.status > 0)
    }
}
