import ShelfKit

/// A line per book from a template: `{key}` is the book's value for a front matter key (lists
/// joined with ", ", nothing when missing), `{id}`, `{path}`, `{status}` and `{folder}` say where
/// it is, the query language's computed fields (`{sessions}`, `{progress}`, `{read}`,
/// `{minutes}`, `{year}`) what its sessions and finishing day add up to, `{custom.KEY}` is the
/// custom key `KEY` whatever its name, and `{{` and `}}` are literal braces.
///
/// A custom key named like one of shelf's fields (`status: want-to-read`) is reached only as
/// `{custom.status}`: `{status}` is always shelf's, as in queries, the JSON and the CSV.
struct BookTemplate: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case text(String)
        case field(String)
    }

    let parts: [Part]

    /// Parses a template; `nil` when a `{` is never closed or a field name is empty.
    init?(_ template: String) {
        var parts: [Part] = []
        var text = ""
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            let next = template.index(after: index)
            if character == "{", next < template.endIndex, template[next] == "{" {
                text.append("{")
                index = template.index(after: next)
            } else if character == "}", next < template.endIndex, template[next] == "}" {
                text.append("}")
                index = template.index(after: next)
            } else if character == "{" {
                guard let close = template[next...].firstIndex(of: "}") else { return nil }
                let name = template[next..<close].trimmingTrailingSpaces.drop { $0 == " " }
                guard !name.isEmpty else { return nil }
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(.field(String(name)))
                index = template.index(after: close)
            } else {
                text.append(character)
                index = next
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    /// The fields every book has a place for, set or not: a template naming another that no
    /// listed book has is worth a warning.
    static let knownFields = Set(BookRecords.locationKeys + BookRecords.bookKeys + ["body", "year"]).union(sessionFields)

    /// Computed fields that come from a book's sessions, which are read only when the template
    /// names one.
    static let sessionFields: Set<String> = ["sessions", "progress", "read", "minutes"]

    /// The field names, in order.
    var fields: [String] {
        parts.compactMap { part in
            if case .field(let name) = part { name } else { nil }
        }
    }

    /// Whether rendering needs each book's sessions (``render(_:progress:)``).
    var needsSessions: Bool { fields.contains { Self.sessionFields.contains($0) } }

    /// The custom key a field reads: `KEY` for `custom.KEY`, the field itself when shelf has no
    /// field of that name, `nil` for one of shelf's.
    static func customKey(_ field: String) -> String? {
        if field.hasPrefix(BookRecords.customPrefix) { return String(field.dropFirst(BookRecords.customPrefix.count)) }
        return knownFields.contains(field) ? nil : field
    }

    /// The book's line; `configuration` says which status counts a book as read, for `{year}`.
    func render(_ book: Book, progress: ReadingProgress? = nil, configuration: LibraryConfiguration = .default) -> String {
        render { field in value(of: field, book, progress, configuration) }
    }

    /// The line with each field's value from `value`, nothing for a field it has none of.
    func render(_ value: (String) -> String?) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .field(let field): value(field) ?? ""
            }
        }.joined()
    }

    /// A field's value for a book: its custom key or one of shelf's fields.
    func value(of field: String, _ book: Book, _ progress: ReadingProgress?, _ configuration: LibraryConfiguration) -> String? {
        if let key = Self.customKey(field) { return book.extra(key)?.plainText() }
        return Self.value(of: field, in: book, progress: progress, configuration: configuration)
    }

    /// The value of one of shelf's fields: where the book is, a book key, or a computed field
    /// as `shelf list` queries and sorts by it.
    /// - Parameter configuration: Which status counts a book as read, for `year`.
    static func value(of field: String, in book: Book, progress: ReadingProgress?,
                      configuration: LibraryConfiguration = .default) -> String? {
        if let location = BookRecords.Location(rawValue: field) { return location.value(of: book) }
        return switch field {
        case "body": book.body
        // As the query field counts it: only in the finished status.
        case "year": configuration.finishedDay(of: book).map { String($0.year) }
        case "sessions": progress.map { String($0.sessions) }
        case "progress": progress?.percent(of: book.pages).map(String.init)
        case "read": progress.map { String($0.pagesRead) }
        case "minutes": progress.map { String($0.minutes) }
        default: book.bookFields.first { $0.key == field }.map { $0.value.plainText() }
        }
    }
}
