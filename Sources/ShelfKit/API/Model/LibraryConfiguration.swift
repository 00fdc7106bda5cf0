/// The settings in `.shelf/config.yaml`.
///
/// ```yaml
/// statuses: [to-read, reading, finished, abandoned]
/// goal: 24
/// ```
public struct LibraryConfiguration: Sendable, Hashable, Codable {
    /// The statuses in reading order; each is a top-level folder. The first is where new books go.
    public var statuses: [Status]
    /// Books to finish this year, if the person set a goal.
    public var goal: Int?

    /// Creates a configuration.
    /// - Throws: ``ShelfError/unsafeName(name:reason:)`` for a status that is not a usable
    ///   folder name, ``ShelfError/invalidValue(path:key:value:reason:line:column:)`` for an
    ///   empty or repeated list.
    public init(statuses: [Status] = LibraryConfiguration.defaultStatuses, goal: Int? = nil) throws(ShelfError) {
        try Self.validate(statuses, path: Self.path, line: 1, column: 1)
        self.statuses = statuses
        self.goal = goal
    }

    /// `to-read`, `reading`, `finished`, `abandoned`.
    public static let defaultStatuses: [Status] = [.toRead, .reading, .finished, .abandoned]

    /// The default settings, used when a library has no configuration file.
    public static let `default` = LibraryConfiguration(unchecked: defaultStatuses, goal: nil)

    /// Where the file is, relative to the library root.
    public static let path = ".shelf/config.yaml"

    private init(unchecked statuses: [Status], goal: Int?) {
        self.statuses = statuses
        self.goal = goal
    }

    /// Reads the configuration file's bytes.
    /// - Throws: ``ShelfError/invalidFrontMatter(_:)`` for YAML that does not parse, and
    ///   ``ShelfError/invalidValue(path:key:value:reason:line:column:)`` for values of the wrong type.
    public init(yaml bytes: [UInt8]) throws(ShelfError) {
        let document: FrontMatterDocument
        do throws(FrontMatterError) {
            document = try FrontMatterDocument(yamlBytes: bytes, path: Self.path)
        } catch {
            throw .invalidFrontMatter(error)
        }
        let names: [String]?
        let goal: Int?
        do throws(FrontMatterError) {
            names = try document.strings("statuses")
            goal = try document.int("goal")
        } catch {
            throw ShelfError.from(error, document: document)
        }
        let statuses = names.map { $0.map { Status(rawValue: $0) } } ?? Self.defaultStatuses
        let location = document.location(ofKey: "statuses")
        try Self.validate(statuses, path: Self.path, line: location.line, column: location.column)
        self.init(unchecked: statuses, goal: goal)
    }

    /// Which position a status has in reading order, for sorting; unknown ones sort last.
    func order(of status: Status) -> Int {
        statuses.firstIndex(of: status) ?? statuses.count
    }

    /// Throws ``ShelfError/unknownStatus(name:known:)`` unless `status` is configured.
    func require(_ status: Status) throws(ShelfError) {
        guard statuses.contains(status) else { throw .unknownStatus(name: status.name, known: statuses.map(\.name)) }
    }

    private static func validate(_ statuses: [Status], path: String, line: Int, column: Int) throws(ShelfError) {
        guard !statuses.isEmpty else {
            throw .invalidValue(path: path, key: "statuses", value: "", reason: "must list at least one status",
                                line: line, column: column)
        }
        guard Set(statuses).count == statuses.count else {
            throw .invalidValue(path: path, key: "statuses", value: statuses.map(\.name).joined(separator: ", "),
                                reason: "lists a status twice", line: line, column: column)
        }
        for status in statuses { try PathSafety.checkComponent(status.name) }
    }
}
