import ShelfKit

/// Which library status an export's shelf or read status goes to.
///
/// | export | status | key added |
/// | --- | --- | --- |
/// | `to-read` | the first status | |
/// | `currently-reading` | `reading` | |
/// | `read` | `finished` | |
/// | `paused` (StoryGraph) | `reading` | `paused: true` |
/// | `did-not-finish`, `dnf`, `abandoned` | `abandoned` | |
/// | a name the library has as a status | that status | |
/// | any other Goodreads exclusive shelf | the first status | `goodreads_shelf: NAME` |
///
/// ``ImportOptions/statuses`` overrides any row; with ``ImportOptions/createsStatuses`` the names
/// without a status of their own (`paused`, `did-not-finish`, custom shelves) become statuses.
struct ImportStatusMapping: Sendable {
    let configuration: LibraryConfiguration
    let options: ImportOptions
    let format: ImportFormat

    /// The status for `name` and the keys that record what the status cannot say.
    func status(for name: String) -> (status: Status, extra: [YAMLValue.Entry]) {
        let key = name.lowercased()
        if let chosen = options.statuses[name] ?? options.statuses[key] { return (chosen, []) }
        let known = Set(configuration.statuses)
        let first = configuration.statuses.first ?? .toRead
        switch key {
        case "to-read": return (first, [])
        case "currently-reading": return (pick(.reading, fallback: first), [])
        case "read": return (pick(.finished, fallback: first), [])
        default: break
        }
        if known.contains(Status(key)) { return (Status(key), []) }
        if options.createsStatuses { return (Status(key), []) }
        switch key {
        case "paused": return (pick(.reading, fallback: first), [.init("paused", .bool(true))])
        case "did-not-finish", "dnf", "abandoned": return (pick(.abandoned, fallback: first), [])
        default:
            return (first, [.init(format.service.unplacedStatusKey, .string(name))])
        }
    }

    /// The status chosen for rows whose status column is empty (``ImportOptions/noStatus``),
    /// or `nil` when they go where `to-read` goes.
    func statusWithoutName() -> Status? {
        options.statuses[ImportOptions.noStatus]
    }

    /// The status that plays `role` in the library (`read` when the statuses are Goodreads'
    /// own names), or `fallback` when it has none.
    private func pick(_ role: StatusRole, fallback: Status) -> Status {
        let status = configuration.status(for: role)
        return configuration.statuses.contains(status) ? status : fallback
    }
}
