/// What a status means for a book in it, whatever the library calls it: not started, being
/// read, finished, or put down. Dates follow roles: arriving in the reading status sets
/// `started`, arriving in the finished status sets `finished`.
public enum StatusRole: Int, Sendable, CaseIterable {
    /// Not started yet: the first status, where new books go.
    case toRead
    /// Being read: where `shelf start` and a first logged session put a book.
    case reading
    /// Read to the end: where `shelf finish` puts a book.
    case finished
    /// Put down unfinished: where `shelf abandon` puts a book.
    case abandoned

    /// The role's status in the default configuration.
    package var defaultStatus: Status {
        LibraryConfiguration.defaultStatuses[rawValue]
    }
}

extension LibraryConfiguration {
    /// The status that plays `role`: the status with the role's default name when the library
    /// has it (`reading`), else the one at the role's place in the default order (the second
    /// status is the one being read) unless another role claims that one by name, else the
    /// role's default name. So no status plays two roles: in `[queue, finished]` nothing is
    /// being read.
    public func status(for role: StatusRole) -> Status {
        if statuses.contains(role.defaultStatus) { return role.defaultStatus }
        guard role.rawValue < statuses.count else { return role.defaultStatus }
        let placed = statuses[role.rawValue]
        let claimed = StatusRole.allCases.contains { $0.defaultStatus == placed }
        return claimed ? role.defaultStatus : placed
    }

    /// The role `status` plays in this library, or `nil` for a status of the person's own
    /// beyond the four (`on-hold`).
    public func role(of status: Status) -> StatusRole? {
        StatusRole.allCases.first { self.status(for: $0) == status }
    }
}

extension LibraryConfiguration {
    /// The day `book` counts as read on: its `finished` date while it is in the status that
    /// plays the finished role, else `nil`.
    ///
    /// Statistics, the goal, the chart and the `year` query field count a book through this
    /// alone. A book moved out of the finished status keeps its `finished` date in the file
    /// (nothing is lost) but stops counting; moved back, it counts again.
    package func finishedDay(of book: Book) -> Day? {
        role(of: book.status) == .finished ? book.finished : nil
    }
}
