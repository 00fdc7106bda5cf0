internal import Foundation

/// A watchman subscription on the library: the server sends the paths that changed, settled
/// (by default 20 ms without a change), over a connection of the source's own.
///
/// A fresh instance after the first answer (the server recrawled, after an overflow of the
/// kernel's queue) is reported as ``FileEvent/lost``; a connection that closes (the server
/// died) or a subscription the server cancels (the watch was deleted) as ``FileEvent/failed(_:)``.
final class WatchmanSubscription: FileEventSource, @unchecked Sendable {
    let kind = ObservationSource.Kind.watchman
    private let stopFlag = StopFlag()

    private init() {}

    /// Subscribes to the changes under `root` (absolute) at the server listening on `socket`;
    /// `nil` when the server cannot be reached or refuses.
    static func start(root: String, socket: String, inbox: FileEventInbox) async -> WatchmanSubscription? {
        let source = WatchmanSubscription()
        let started: Bool = await startSourceThread(named: "shelf watchman") { ready in
            guard let client = subscribe(root: root, socket: socket) else {
                ready(false)
                return
            }
            ready(true)
            source.run(client, posting: inbox)
        }
        return started ? source : nil
    }

    func stop() { stopFlag.set() }

    private static let name = "shelf-observe-\(ProcessInfo.processInfo.processIdentifier)"

    /// A connection with the subscription made, once the server has answered it.
    private static func subscribe(root: String, socket: String) -> WatchmanClient? {
        do throws(WatchmanClient.Failure) {
            let client = try WatchmanClient(socket: socket)
            let watch = try client.request(["watch-project", root])
            guard let watched = watch["watch"] as? String else { return nil }
            var query: [String: Any] = [
                "fields": ["name", "exists", "type"],
                "empty_on_fresh_instance": true,
                "expression": WatchedChanges.expression(withAdoptedSessions: true),
            ]
            if let relative = watch["relative_path"] as? String, !relative.isEmpty { query["relative_root"] = relative }
            try client.post(["subscribe", watched, name, query])
            // The answer may follow messages the server sends on its own (logs).
            for _ in 0..<100 {
                guard let message = try client.nextMessage(waitingMilliseconds: WatchmanClient.timeoutMilliseconds) else { return nil }
                if message["error"] != nil { return nil }
                if message["subscribe"] != nil { return client }
            }
            return nil
        } catch {
            return nil
        }
    }

    private func run(_ client: WatchmanClient, posting inbox: FileEventInbox) {
        var isFirst = true
        while !stopFlag.isSet {
            let message: [String: Any]
            do throws(WatchmanClient.Failure) {
                guard let next = try client.nextMessage(waitingMilliseconds: 100) else { continue }
                message = next
            } catch {
                inbox.post(.failed("watchman stopped answering (\(error))"))
                return
            }
            guard message["subscription"] as? String == Self.name else { continue }
            if message["canceled"] as? Bool == true {
                inbox.post(.failed("watchman cancelled the subscription"))
                return
            }
            // The first answer stands for everything there was; the observer's comparison
            // after the subscription covers it. A later fresh instance means changes were lost.
            if message["is_fresh_instance"] as? Bool == true {
                if !isFirst { inbox.post(.lost) }
                isFirst = false
                continue
            }
            isFirst = false
            guard let files = message["files"] as? [[String: Any]] else { continue }
            let paths = files.compactMap { file -> ChangedPath? in
                guard let name = file["name"] as? String else { return nil }
                // watchman reports a file it saw touched: written, whatever its stamp says.
                return ChangedPath(path: name, isDirectory: file["type"] as? String == "d",
                                   wasWritten: file["exists"] as? Bool ?? false)
            }
            if !paths.isEmpty { inbox.post(.changed(paths)) }
        }
    }
}
