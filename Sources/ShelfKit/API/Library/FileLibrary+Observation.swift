internal import Foundation

extension FileLibrary {
    /// The changes to the library's book and session files from now on, whoever makes them:
    /// this library, another process, an editor, `git checkout`, a sync tool.
    ///
    /// When this returns, the library is being watched: a change made after it is reported.
    /// Events come from watchman where a server runs, else from the platform's file events
    /// (inotify on Linux), else from comparing the library every second; when a source fails
    /// (watchman stops) the next one takes over. Whenever events may have been lost, the
    /// library is compared whole with what was last seen, so a report is never missing a
    /// change (``LibraryChanges/isFullComparison``).
    ///
    /// ```swift
    /// for await change in try await library.changes() {
    ///     for book in change.books { print(book.kind, book.id) }
    /// }
    /// ```
    ///
    /// Cancelling the task that reads the stream (or dropping it) stops the watching and
    /// releases its thread, descriptors and watchman connection. Each call watches on its own.
    /// - Throws: ``ShelfError`` when the library cannot be walked for its first snapshot.
    public func changes(from source: ObservationSource = .automatic) async throws(ShelfError) -> AsyncStream<LibraryChanges> {
        try await LibraryObserver(root: root, statuses: configuration.statuses, notes: configuration.noteLayout)
            .changes(from: source)
    }

    /// A value read from the library, first as it is now and again whenever the library's files
    /// change, as GRDB's `ValueObservation` does for a database.
    ///
    /// Reports that arrive while a value is being read are read once, and a value equal to the
    /// last one yielded is not yielded again, so a screen redraws only when what it shows
    /// changed. The stream ends with the error when a read throws.
    ///
    /// ```swift
    /// for try await reading in library.observe({ try await $0.books(matching: Query("status:reading")) }) {
    ///     show(reading)
    /// }
    /// ```
    public func observe<Value: Equatable & Sendable>(
        from source: ObservationSource = .automatic,
        _ value: @escaping @Sendable (FileLibrary) async throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            do {
                let changes = try await self.changes(from: source)
                // One pending signal however many reports came: the value is read once for them.
                let (dirty, mark) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
                let relay = Task {
                    for await _ in changes { mark.yield(()) }
                    mark.finish()
                }
                defer { relay.cancel() }
                var last = try await value(self)
                continuation.yield(last)
                for await _ in dirty {
                    let next = try await value(self)
                    if next != last {
                        continuation.yield(next)
                        last = next
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The books matching `query` in `order`, now and whenever they change
    /// (``observe(from:_:)`` of ``books(matching:sortedBy:)``).
    public func observeBooks(matching query: Query, sortedBy order: [BookSort] = [],
                             from source: ObservationSource = .automatic) -> AsyncThrowingStream<[Book], any Error> {
        observe(from: source) { library in try await library.books(matching: query, sortedBy: order) }
    }
}
