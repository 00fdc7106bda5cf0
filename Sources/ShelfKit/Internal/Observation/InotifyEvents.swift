internal import Foundation
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The kernel's file events for a library: one inotify watch on each of its folders (inotify
/// does not watch a tree), added as folders appear.
///
/// Folders whose names start with a dot are not watched, as the walk does not list them, except
/// `.shelf` itself (its `config.yaml`) and `.shelf/sessions`, where an adopted library keeps its
/// sessions. A queue overflow is reported as ``FileEvent/lost``; the library folder removed or
/// moved as ``FileEvent/failed(_:)``.
///
/// Linux only; on Apple platforms the same role falls to ``FSEventsEvents``, and elsewhere
/// ``start(root:inbox:)`` returns `nil` and the observer compares the library on a timer
/// (``PollingEvents``).
final class InotifyEvents: FileEventSource, @unchecked Sendable {
    let kind = ObservationSource.Kind.fileEvents
    private let stopFlag = StopFlag()

    private init() {}

    /// Starts watching `root` (absolute) and posting to `inbox`; `nil` when inotify is not
    /// available or a folder could not be watched (the per-user limit of watches reached).
    static func start(root: String, inbox: FileEventInbox) async -> InotifyEvents? {
        #if canImport(Glibc)
        let source = InotifyEvents()
        let started: Bool = await startSourceThread(named: "shelf inotify") { ready in
            var watcher = Watcher(root: root, inbox: inbox)
            guard watcher.open() else {
                ready(false)
                return
            }
            ready(true)
            watcher.run(until: source.stopFlag)
        }
        return started ? source : nil
        #else
        return nil
        #endif
    }

    func stop() { stopFlag.set() }
}

#if canImport(Glibc)
/// The descriptor and the folder of each watch, owned by the source's thread.
private struct Watcher {
    let root: String
    let inbox: FileEventInbox
    var descriptor: Int32 = -1
    /// Watch descriptor → the folder, relative to the root (`""` for the root).
    var folders: [Int32: String] = [:]

    static let mask: UInt32 = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    init(root: String, inbox: FileEventInbox) {
        self.root = root
        self.inbox = inbox
    }

    /// Makes the descriptor and watches every folder; false when either fails.
    mutating func open() -> Bool {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return false }
        guard watchTree("") else {
            close(descriptor)
            return false
        }
        return true
    }

    /// Watches `folder` and the folders below it that the walk would list; false when the
    /// kernel refuses a watch for want of room (other failures are folders gone meanwhile).
    mutating func watchTree(_ folder: String) -> Bool {
        let absolute = folder.isEmpty ? root : root + "/" + folder
        let watch = inotify_add_watch(descriptor, absolute, Self.mask)
        if watch < 0 { return errno != ENOSPC && errno != ENOMEM }
        folders[watch] = folder
        guard let entries = try? FileSystem.entries(of: absolute) else { return true }
        for entry in entries where entry.kind == .directory && !entry.isLink && Self.isWatched(entry.name, in: folder) {
            guard watchTree(Path.joined(folder, entry.name)) else { return false }
        }
        return true
    }

    /// Whether a folder named `name` in `folder` holds anything a library reads.
    static func isWatched(_ name: String, in folder: String) -> Bool {
        guard name.hasPrefix(".") else { return true }
        return (folder.isEmpty && name == ".shelf") || (folder == ".shelf" && name == "sessions") || folder.hasPrefix(".shelf/sessions")
    }

    mutating func run(until stop: StopFlag) {
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !stop.isSet {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 100) > 0 else { continue }
            var paths: [ChangedPath] = []
            var lost = false
            var failure: String?
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset + 16 <= count {
                        let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                        offset += 16 + length
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                            lost = true
                            continue
                        }
                        guard let folder = folders[watch] else { continue }
                        if mask & UInt32(IN_IGNORED) != 0 {
                            folders[watch] = nil
                            continue
                        }
                        if folder.isEmpty, mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                            failure = "the library folder was removed or moved"
                            continue
                        }
                        let name = String(decoding: nameBytes, as: UTF8.self)
                        let path = name.isEmpty ? folder : Path.joined(folder, name)
                        let isDirectory = mask & UInt32(IN_ISDIR) != 0
                        paths.append(ChangedPath(path: path, isDirectory: isDirectory,
                                                 wasWritten: mask & UInt32(IN_MODIFY | IN_CLOSE_WRITE) != 0))
                        // A folder made or moved in: watch it and what it holds, whose files the
                        // observer finds by comparing (their events came before the watch).
                        if isDirectory, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.isEmpty,
                           Self.isWatched(name, in: folder), !watchTree(path) {
                            failure = "no more folders can be watched (fs.inotify.max_user_watches)"
                        }
                    }
                }
            }
            if !paths.isEmpty { inbox.post(.changed(paths)) }
            if lost { inbox.post(.lost) }
            if let failure {
                inbox.post(.failed(failure))
                return
            }
        }
    }
}
#endif
