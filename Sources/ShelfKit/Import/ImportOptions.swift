/// Choices a person makes for an import.
public struct ImportOptions: Sendable, Hashable {
    /// Statuses for the export's own shelf or status names, overriding the defaults:
    /// `["paused": "on-hold"]` files StoryGraph's paused books under `on-hold/`.
    public var statuses: [String: Status]
    /// Whether an export's shelf or status that has no library status of its own (StoryGraph's
    /// `paused` and `did-not-finish`, a custom Goodreads exclusive shelf) becomes a new status,
    /// added to `.shelf/config.yaml`, instead of being mapped to an existing one.
    public var createsStatuses: Bool

    /// Creates options; the defaults map every shelf as ``ImportStatusMapping`` documents.
    public init(statuses: [String: Status] = [:], createsStatuses: Bool = false) {
        self.statuses = statuses
        self.createsStatuses = createsStatuses
    }
}
