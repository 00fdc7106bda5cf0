import Foundation
import ShelfTestSupport
import Testing

/// One library shared through git by several devices: a bare repository seeded with
/// `example-library`, and a clone per device, each with the built `shelf` on its PATH and the
/// merge driver installed by `shelf git-setup` (unless the test compares with plain git).
final class SharedLibrary {
    let folder: URL
    let environment: [String: String]

    /// A device's clone.
    struct Device {
        let name: String
        let root: URL
        let library: SharedLibrary

        func shelf(_ arguments: String..., environment: [String: String] = [:]) throws -> ChildProcess.Outcome {
            try ChildProcess.run(BuiltExecutable.shelf, arguments, in: root.path,
                                 environment: library.environment.merging(environment) { _, given in given })
        }

        @discardableResult
        func git(_ arguments: String...) throws -> ChildProcess.Outcome {
            try library.git(arguments, in: root.path)
        }

        /// Runs git and returns its outcome whatever the exit status, for merges expected to stop.
        func gitAllowingFailure(_ arguments: String...) throws -> ChildProcess.Outcome {
            try ChildProcess.run("/usr/bin/git", arguments, in: root.path, environment: library.environment)
        }

        /// Commits everything and pushes it.
        func publish(_ message: String) throws {
            try git("add", "-A")
            try git("commit", "-q", "-m", message)
            try git("push", "-q", "origin", "HEAD:main")
        }

        /// Commits everything without pushing.
        func commit(_ message: String) throws {
            try git("add", "-A")
            try git("commit", "-q", "-m", message)
        }

        /// Fetches and merges what the others pushed; the outcome of `git merge`.
        func pull() throws -> ChildProcess.Outcome {
            try git("fetch", "-q", "origin")
            return try gitAllowingFailure("merge", "--no-edit", "origin/main")
        }

        func read(_ path: String) throws -> String {
            try String(decoding: Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
        }

        func bytes(_ path: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
        }

        func write(_ path: String, _ text: String) throws {
            try writeBytes(path, Array(text.utf8))
        }

        func writeBytes(_ path: String, _ bytes: [UInt8]) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }

        /// Replaces text in a file, as a person would in an editor; the text must be there.
        func edit(_ path: String, _ old: String, _ new: String) throws {
            let text = try read(path)
            #expect(text.contains(old), "\(path) holds \(old)")
            try write(path, text.replacing(old, with: new))
        }

        func exists(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
        }
    }

    /// Seeds the remote with `example-library` (plus `prepare`'s changes) and clones it once
    /// per device.
    /// - Parameters:
    ///   - withDriver: Whether each clone runs `shelf git-setup`; `false` for plain git.
    ///   - prepare: Changes to the seed before its first commit.
    init(devices: [String] = ["laptop", "desktop"], withDriver: Bool = true,
         prepare: (Device) throws -> Void = { _ in }) throws {
        folder = URL(fileURLWithPath: try TemporaryFolder.make(in: TemporaryFolder.inMemory))
        let executables = URL(fileURLWithPath: BuiltExecutable.shelf).deletingLastPathComponent().path
        environment = [
            "PATH": executables + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "HOME": folder.path,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "shelf", "GIT_AUTHOR_EMAIL": "shelf@example.org",
            "GIT_COMMITTER_NAME": "shelf", "GIT_COMMITTER_EMAIL": "shelf@example.org",
            "GIT_AUTHOR_DATE": "2026-11-20T12:00:00Z", "GIT_COMMITTER_DATE": "2026-11-20T12:00:00Z",
        ]
        try git(["init", "-q", "--bare", "-b", "main", "remote.git"], in: folder.path)
        let seedPath = try TemporaryFolder.copyOfExampleLibrary(in: folder.path)
        let seed = Device(name: "seed", root: URL(fileURLWithPath: seedPath), library: self)
        try git(["init", "-q", "-b", "main"], in: seedPath)
        if withDriver { _ = try seed.shelf("git-setup") }
        try prepare(seed)
        try git(["remote", "add", "origin", folder.appendingPathComponent("remote.git").path], in: seedPath)
        try seed.publish("library")
        for name in devices {
            try git(["clone", "-q", "remote.git", name], in: folder.path)
            if withDriver {
                let setup = try self.device(name).shelf("git-setup")
                #expect(setup.status == 0, "git-setup on \(name): \(setup)")
            }
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func device(_ name: String) -> Device {
        Device(name: name, root: folder.appendingPathComponent(name), library: self)
    }

    @discardableResult
    fileprivate func git(_ arguments: [String], in directory: String) throws -> ChildProcess.Outcome {
        let result = try ChildProcess.run("/usr/bin/git", arguments, in: directory, environment: environment)
        guard result.status == 0 else { throw GitFailure(arguments: arguments, result: result) }
        return result
    }
}
