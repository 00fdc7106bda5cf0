public import ShelfKit

/// Choices a person makes for an import.
public struct ImportOptions: Sendable, Hashable {
    /// Statuses for the export's own shelf or status names, overriding the defaults:
    /// `["paused": "on-hold"]` files StoryGraph's paused books under `on-hold/`.
    public var statuses: [String: Status]
    /// Whether an export's shelf or status that has no library status of its own (StoryGraph's
    /// `paused` and `did-not-finish`, a custom Goodreads exclusive shelf) becomes a new status,
    /// added to `.shelf/config.yaml`, instead of being mapped to an existing one.
    public var createsStatuses: Bool
    /// How dates written with the year last (`3/4/2026`, as a spreadsheet re-saves an export)
    /// are read; `nil` decides from the file's own dates (see ``ImportRows/warnings``).
    public var dayOrder: ImportDayOrder?

    /// The name ``statuses`` gives rows whose status column is empty (a StoryGraph book only
    /// owned or tagged, a Goodreads row without an exclusive shelf): `["none": "owned"]`.
    /// Without it they go to the first status, as `to-read` does.
    public static let noStatus = "none"

    /// Creates options; the defaults map every shelf as ``ImportStatusMapping`` documents.
    public init(statuses: [String: Status] = [:], createsStatuses: Bool = false, dayOrder: ImportDayOrder? = nil) {
        self.statuses = statuses
        self.createsStatuses = createsStatuses
        self.dayOrder = dayOrder
    }
}

/// Which part of a date written `3/4/2026` is the month: the first, as US spreadsheets write
/// dates, or the second, as most others do.
public enum ImportDayOrder: String, Sendable, Hashable, CaseIterable {
    /// `3/4/2026` is March 4.
    case monthFirst = "month-day"
    /// `3/4/2026` is 3 April.
    case dayFirst = "day-month"
}
