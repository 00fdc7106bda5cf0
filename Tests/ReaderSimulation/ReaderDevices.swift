import Foundation
import FrontMatterFuzzing

/// The reader's two devices, two git clones of one library with shelf's merge driver: the
/// reader uses one at a time and syncs (commit, pull, push) when changing to the other, and now
/// and then logs the same sitting on both before syncing, as a person who reads on the train
/// with the phone's clone and logs it again on the laptop does; those two sessions must both be
/// there after the merge.
struct ReaderDevices {
    /// The folder of the `shelf` executable git's merge driver runs (`shelf merge-driver`).
    let shelfFolder: String
    /// The clones' folders.
    let roots: [String]
    private let folder: String
    /// The device in use.
    private(set) var current = 0
    /// Draws when to change device, apart from the reader's own draws, so that a seed's
    /// steps are the same with one device and with two.
    private var random: SeededGenerator

    /// Makes a bare remote holding a new library (`shelf init`, `git-setup`) and two clones of it,
    /// each with the driver set up.
    /// - Parameter initialize: Runs `shelf ARGUMENTS` in process; the failure it printed, if any.
    init(in folder: String, shelf: String, seed: UInt64,
         initialize: (_ arguments: [String]) async -> String?) async throws(DeviceFailure) {
        self.folder = folder
        shelfFolder = (shelf as NSString).deletingLastPathComponent
        roots = ["laptop", "desktop"].map { folder + "/" + $0 }
        random = SeededGenerator(seed: seed ^ 0x5EED_DE71_CE5)
        let seedLibrary = folder + "/seed"
        if let failure = await initialize(["init", seedLibrary]) { throw DeviceFailure(message: failure) }
        try git(["init", "-q", "--bare", "-b", "main", folder + "/remote.git"], in: folder)
        try git(["init", "-q", "-b", "main"], in: seedLibrary)
        if let failure = await initialize(["git-setup", "--library", seedLibrary]) { throw DeviceFailure(message: failure) }
        try git(["add", "-A"], in: seedLibrary)
        try git(["commit", "-q", "-m", "library"], in: seedLibrary)
        try git(["push", "-q", folder + "/remote.git", "main"], in: seedLibrary)
        for root in roots {
            try git(["clone", "-q", folder + "/remote.git", root], in: folder)
            if let failure = await initialize(["git-setup", "--library", root]) { throw DeviceFailure(message: failure) }
        }
    }

    /// The library of the device in use.
    var root: String { roots[current] }

    /// Whether the reader changes device before the next step.
    mutating func changesDevice() -> Bool { Int.random(in: 0..<100, using: &random) < 8 }

    /// Whether the reader logs the next sitting on both devices.
    mutating func logsOnBoth() -> Bool { Int.random(in: 0..<100, using: &random) < 25 }

    /// Commits what the device in use changed, merges the other's work and pushes; then the
    /// other device does the same, so both hold everything. The shell lines, for the script.
    mutating func syncBoth() throws(DeviceFailure) -> [String] {
        var lines: [String] = []
        for device in [current, 1 - current, current] {
            lines += try sync(device)
        }
        return lines
    }

    /// Changes to the other device, after both are synced.
    mutating func changeDevice() throws(DeviceFailure) -> [String] {
        let lines = try syncBoth()
        current = 1 - current
        return lines + ["cd ../\(URL(fileURLWithPath: root).lastPathComponent)"]
    }

    /// The other device, for a command run there too.
    var otherRoot: String { roots[1 - current] }

    private func sync(_ device: Int) throws(DeviceFailure) -> [String] {
        let root = roots[device]
        try git(["add", "-A"], in: root)
        let status = try git(["status", "--porcelain"], in: root)
        if !status.isEmpty { try git(["commit", "-q", "-m", "reading"], in: root) }
        try git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: root)
        try git(["push", "-q", "origin", "main"], in: root)
        let name = URL(fileURLWithPath: root).lastPathComponent
        return ["(cd ../\(name) && git add -A && git commit -qm reading; git pull -q --no-rebase --no-edit origin main && git push -q origin main)"]
    }

    /// Runs git; its standard output.
    /// - Throws: ``DeviceFailure`` with git's words when it fails (a merge conflict among them).
    @discardableResult
    private func git(_ arguments: [String], in directory: String) throws(DeviceFailure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = shelfFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = folder
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for (key, value) in ["GIT_AUTHOR_NAME": "reader", "GIT_AUTHOR_EMAIL": "reader@example.org",
                             "GIT_COMMITTER_NAME": "reader", "GIT_COMMITTER_EMAIL": "reader@example.org"] {
            environment[key] = value
        }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw DeviceFailure(message: "cannot run git: \(error)")
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DeviceFailure(message: "`git \(arguments.joined(separator: " "))` in \(directory) exited \(process.terminationStatus): "
                                + String(decoding: out + err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// git or shelf failed while the devices were set up or synced.
struct DeviceFailure: Error {
    var message: String
}
