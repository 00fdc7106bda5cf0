/// The settings in `.shelf/config.yaml`.
///
/// ```yaml
/// statuses: [to-read, reading, finished, abandoned]
/// goal: 24
/// goals: {2025: 30}
/// format: 1
/// ```
public struct LibraryConfiguration: Sendable, Hashable, Codable {
    public static func == (lhs: LibraryConfiguration, rhs: LibraryConfiguration) -> Bool {
        lhs.format == rhs.format && lhs.statuses == rhs.statuses && lhs.goal == rhs.goal && lhs.goals == rhs.goals
            && lhs.notes == rhs.notes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(statuses)
        hasher.combine(goal)
        hasher.combine(goals)
        hasher.combine(notes)
    }

    /// The version of the files' layout this shelf reads and writes. A library whose
    /// configuration names a later one (`format`) was written by a newer shelf: it is read,
    /// and never written, since this shelf could undo what the newer one relies on.
    package static let supportedFormat = 2

    /// The version of the files' layout the library is in: `format:` in the file, 1 when absent
    /// (libraries made before the key existed).
    package var format = 1

    /// The statuses in reading order; each is a top-level folder. The first is where new books go.
    public var statuses: [Status]
    /// Books to finish in a year, if the person set a goal: this year's, and any year's that
    /// `goals` does not name.
    public var goal: Int?
    /// Books to finish in particular years, by year: `goals: {2025: 30, 2026: 24}`.
    package var goals: [Int: Int] = [:]
    /// How the notes of a library adopted from notes people already kept hold their books
    /// (format 2); `nil` for a library of status folders. Setting it sets `format` to 2.
    package var notes: NoteConventions? {
        didSet {
            noteLayout = notes.map(NoteLayout.init)
            if notes != nil { format = max(format, Self.notesFormat) }
        }
    }
    /// ``notes``, shared by every location of the library.
    private(set) var noteLayout: NoteLayout?

    /// The format of a library adopted from notes: a shelf that knows only status folders would
    /// see none of its books, so it must not write to it.
    package static let notesFormat = 2

    /// Creates a configuration.
    /// - Throws: ``ShelfError/unsafeName(name:reason:)`` for a status that is not a usable
    ///   folder name, ``ShelfError/invalidValue(path:key:value:reason:at:)`` for an
    ///   empty or repeated list.
    public init(statuses: [Status] = LibraryConfiguration.defaultStatuses, goal: Int? = nil,
                goals: [Int: Int] = [:]) throws(ShelfError) {
        try Self.validate(statuses, path: Self.path, at: nil)
        self.statuses = statuses
        self.goal = goal
        self.goals = goals
    }

    /// `to-read`, `reading`, `finished`, `abandoned`.
    public static let defaultStatuses: [Status] = [.toRead, .reading, .finished, .abandoned]

    /// The default settings, used when a library has no configuration file.
    public static let `default` = LibraryConfiguration(unchecked: defaultStatuses, goal: nil)

    /// Where the file is, relative to the library root.
    package static let path = ".shelf/config.yaml"

    private init(unchecked statuses: [Status], goal: Int?) {
        self.statuses = statuses
        self.goal = goal
    }

    private enum CodingKeys: String, CodingKey {
        case statuses, goal, goals, format, notes
    }

    /// Encodes the settings an app keeps.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(statuses, forKey: .statuses)
        try container.encodeIfPresent(goal, forKey: .goal)
        try container.encode(goals, forKey: .goals)
        try container.encode(format, forKey: .format)
        try container.encodeIfPresent(notes, forKey: .notes)
    }

    /// Decodes a configuration an app kept; one kept before `format` existed is format 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        statuses = try container.decode([Status].self, forKey: .statuses)
        goal = try container.decodeIfPresent(Int.self, forKey: .goal)
        goals = try container.decodeIfPresent([Int: Int].self, forKey: .goals) ?? [:]
        format = try container.decodeIfPresent(Int.self, forKey: .format) ?? 1
        notes = try container.decodeIfPresent(NoteConventions.self, forKey: .notes)
        noteLayout = notes.map(NoteLayout.init)
    }

    /// The goal of `year`: its own entry in `goals`, else ``goal``.
    public func goal(for year: Int) -> Int? {
        goals[year] ?? goal
    }

    /// Reads the configuration file's bytes.
    /// - Throws: ``ShelfError/invalidFrontMatter(_:)`` for YAML that does not parse, and
    ///   ``ShelfError/invalidValue(path:key:value:reason:at:)`` for values of the wrong type.
    package init(yaml bytes: [UInt8]) throws(ShelfError) {
        let document: FrontMatterDocument
        do throws(FrontMatterError) {
            document = try FrontMatterDocument(yamlBytes: bytes, path: Self.path)
        } catch {
            throw .invalidFrontMatter(error)
        }
        let names: [String]?
        let goal: Int?
        let format: Int?
        do throws(FrontMatterError) {
            names = try document.strings("statuses")
            goal = try document.int("goal")
            format = try document.int("format")
        } catch {
            throw ShelfError.from(error, document: document)
        }
        let statuses = names.map { $0.map { Status(rawValue: $0) } } ?? Self.defaultStatuses
        let location = document.location(ofKey: "statuses")
        try Self.validate(statuses, path: Self.path, at: SourceLocation(line: location.line, column: location.column))
        self.init(unchecked: statuses, goal: goal)
        goals = try Self.goals(in: document)
        if let format {
            guard format >= 1 else {
                let location = document.location(ofKey: "format")
                throw .invalidValue(path: Self.path, key: "format", value: String(format), reason: "should be 1 or more",
                                    at: SourceLocation(line: location.line, column: location.column))
            }
            self.format = format
        }
        if let node = document.fields["notes"], !node.isNull {
            // Observers do not run in an initializer: the layout is set here.
            notes = try NoteConventions(node: node, in: document)
            noteLayout = notes.map(NoteLayout.init)
        }
    }

    /// Throws ``ShelfError/newerFormat(found:supported:)`` when a newer shelf wrote the library.
    func requireWritableFormat() throws(ShelfError) {
        guard format <= Self.supportedFormat else { throw .newerFormat(found: format, supported: Self.supportedFormat) }
    }

    /// `goals: {2025: 30}`: a mapping of years to whole numbers.
    private static func goals(in document: FrontMatterDocument) throws(ShelfError) -> [Int: Int] {
        guard let node = document.fields["goals"], !node.isNull else { return [:] }
        guard case .mapping(let mapping) = node else {
            let location = document.location(ofKey: "goals")
            throw .invalidValue(path: path, key: "goals", value: node.value.description,
                                reason: "should be years and their goals, as {2025: 30, 2026: 24}",
                                at: SourceLocation(line: location.line, column: location.column))
        }
        var goals: [Int: Int] = [:]
        for entry in mapping.entries {
            guard let year = Int(entry.key), (1...9999).contains(year) else {
                throw .invalidValue(path: path, key: "goals", value: entry.key, reason: "should name a year, as 2025",
                                    at: SourceLocation(line: entry.keySpan.start.line, column: entry.keySpan.start.column))
            }
            guard let count = entry.value.value.wholeNumber, count >= 0 else {
                let start = entry.value.span.start
                throw .invalidValue(path: path, key: "goals", value: entry.value.value.description,
                                    reason: "should give \(year) a whole number of books", at: SourceLocation(line: start.line, column: start.column))
            }
            goals[year] = count
        }
        return goals
    }

    /// Which position a status has in reading order, for sorting; unknown ones sort last.
    func order(of status: Status) -> Int {
        statuses.firstIndex(of: status) ?? statuses.count
    }

    /// Throws ``ShelfError/unknownStatus(name:known:)`` unless `status` is configured.
    func require(_ status: Status) throws(ShelfError) {
        guard statuses.contains(status) else { throw .unknownStatus(name: status.name, known: statuses.map(\.name)) }
    }

    private static func validate(_ statuses: [Status], path: String, at location: SourceLocation?) throws(ShelfError) {
        guard !statuses.isEmpty else {
            throw .invalidValue(path: path, key: "statuses", value: "", reason: "must list at least one status",
                                at: location)
        }
        guard Set(statuses).count == statuses.count else {
            throw .invalidValue(path: path, key: "statuses", value: statuses.map(\.name).joined(separator: ", "),
                                reason: "lists a status twice", at: location)
        }
        for status in statuses { try PathSafety.checkComponent(status.name) }
    }
}
