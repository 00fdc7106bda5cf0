#if canImport(CoreServices)
internal import CoreServices
internal import Foundation

/// The file events of Apple platforms for a library: one FSEvents stream on the library folder,
/// with an event per file (`kFSEventStreamCreateFlagFileEvents`), delivered on a serial queue of
/// its own. The Darwin form of ``InotifyEvents``: events the system dropped or coalesced into
/// "scan this folder" are ``FileEvent/lost``; the library folder moved or removed is
/// ``FileEvent/failed(_:)``.
final class FSEventsEvents: FileEventSource, @unchecked Sendable {
    let kind = ObservationSource.Kind.fileEvents
    private let root: String
    private let inbox: FileEventInbox
    private let queue = DispatchQueue(label: "shelf fsevents")
    private var stream: FSEventStreamRef?

    private init(root: String, inbox: FileEventInbox) {
        self.root = root
        self.inbox = inbox
    }

    /// Starts the stream on `root` (absolute); `nil` when FSEvents refuses it.
    static func start(root: String, inbox: FileEventInbox) async -> FSEventsEvents? {
        let source = FSEventsEvents(root: root, inbox: inbox)
        var context = FSEventStreamContext(version: 0, info: Unmanaged.passUnretained(source).toOpaque(),
                                           retain: nil, release: nil, copyDescription: nil)
        let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagUseCFTypes
            | kFSEventStreamCreateFlagNoDefer | kFSEventStreamCreateFlagWatchRoot)
        guard let stream = FSEventStreamCreate(nil, { _, info, count, paths, flags, _ in
            guard let info else { return }
            let source = Unmanaged<FSEventsEvents>.fromOpaque(info).takeUnretainedValue()
            let names = unsafeBitCast(paths, to: NSArray.self) as? [String] ?? []
            source.deliver(names, flags: UnsafeBufferPointer(start: flags, count: count))
        }, &context, [root] as CFArray, FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.005, flags) else {
            return nil
        }
        source.stream = stream
        FSEventStreamSetDispatchQueue(stream, source.queue)
        guard FSEventStreamStart(stream) else {
            FSEventStreamInvalidate(stream)
            FSEventStreamRelease(stream)
            return nil
        }
        return source
    }

    private func deliver(_ names: [String], flags: UnsafeBufferPointer<FSEventStreamEventFlags>) {
        var paths: [ChangedPath] = []
        var lost = false
        for (name, flag) in zip(names, flags) {
            let flag = Int(flag)
            if flag & (kFSEventStreamEventFlagMustScanSubDirs | kFSEventStreamEventFlagUserDropped
                | kFSEventStreamEventFlagKernelDropped) != 0 {
                lost = true
                continue
            }
            if flag & kFSEventStreamEventFlagRootChanged != 0 {
                inbox.post(.failed("the library folder was removed or moved"))
                return
            }
            // Paths come absolute; the library's are relative to its root.
            guard name == root || name.hasPrefix(root + "/") else { continue }
            let relative = name == root ? "" : String(name.dropFirst(root.count + 1))
            paths.append(ChangedPath(path: relative, isDirectory: flag & kFSEventStreamEventFlagItemIsDir != 0,
                                     wasWritten: flag & kFSEventStreamEventFlagItemModified != 0))
        }
        if !paths.isEmpty { inbox.post(.changed(paths)) }
        if lost { inbox.post(.lost) }
    }

    func stop() {
        queue.sync {
            guard let stream else { return }
            FSEventStreamStop(stream)
            FSEventStreamInvalidate(stream)
            FSEventStreamRelease(stream)
            self.stream = nil
        }
    }
}
#endif
