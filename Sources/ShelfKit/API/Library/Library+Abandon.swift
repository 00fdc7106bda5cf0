extension Library {
    /// Moves the book `id` to the status with the abandoned role, setting `stopped` as a move
    /// does (to `day`, `nil` for today), and `stopped_page` to `page`: the page it was put down
    /// at, by default the page its sessions reached (``ReadingProgress``), when they say one. This
    /// is `shelf abandon --page`.
    ///
    /// ```swift
    /// try await library.abandon("ulysses", on: nil, atPage: 120)
    /// ```
    /// - Returns: The book as written.
    /// - Throws: ``ShelfError/invalidValue(path:key:value:reason:at:)`` for a page below 1
    ///   or past the book's `pages`, and the errors of ``LibraryWriting/move(_:to:folder:on:then:)``.
    @discardableResult
    public func abandon(_ id: BookID, on day: Day?, atPage page: Int?) async throws(ShelfError) -> Book {
        // The page the sessions reached can pass a page count that is wrong; it stops at the count.
        // The path a refusal names: the file as it is, since nothing moves then.
        let current = try await book(id)
        let path = current.path
        // In pages, whatever units the sessions are in.
        let reached = page == nil ? ReadingProgress(try await sessions(of: id).map { $0.inPages(of: BookExtent(current)) }).page : nil
        let arrives = current.status != configuration.status(for: .abandoned)
        let stale = arrives && current.stopped != nil
        return try await move(id, to: configuration.status(for: .abandoned), folder: nil, on: day) { book throws(ShelfError) in
            // A `stopped` left by an earlier abandon taken back (the book picked up again) is
            // not this one's day.
            if stale { book.stopped = day ?? Day.today() }
            if let page {
                book = try book.setting("stopped_page", to: .int(page))
                if let pages = book.pages, page > pages {
                    throw .invalidValue(path: path, key: "stopped_page", value: String(page),
                                        reason: "is past the book's last page, \(pages)", at: nil)
                }
            } else if let reached, reached > 0 {
                book.stoppedPage = min(reached, book.pages ?? reached)
            }
        }
    }
}
