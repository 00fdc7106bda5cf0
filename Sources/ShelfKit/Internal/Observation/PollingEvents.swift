internal import Foundation

/// A comparison of the whole library every `interval`: where no source of events is at hand
/// (no watchman, no platform events, a machine out of inotify watches), still never
/// wrong, only later.
final class PollingEvents: FileEventSource, @unchecked Sendable {
    let kind = ObservationSource.Kind.polling
    private let stopFlag = StopFlag()

    private init() {}

    static func start(every interval: Duration, inbox: FileEventInbox) async -> PollingEvents {
        let source = PollingEvents()
        let (seconds, attoseconds) = interval.components
        let milliseconds = max(10, Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000))
        let _: Bool = await startSourceThread(named: "shelf polling") { ready in
            ready(true)
            var waited = 0
            while !source.stopFlag.isSet {
                Thread.sleep(forTimeInterval: 0.05)
                waited += 50
                if waited >= milliseconds {
                    waited = 0
                    inbox.post(.lost)
                }
            }
        }
        return source
    }

    func stop() { stopFlag.set() }
}
