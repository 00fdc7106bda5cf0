import ShelfKit

/// A line per book from a template: `{key}` is the book's value for a front matter key (lists
/// joined with ", ", nothing when missing), `{id}`, `{path}`, `{status}` and `{folder}` say where
/// it is, and `{{` and `}}` are literal braces.
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

    func render(_ book: Book) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .field("id"): book.id.rawValue
            case .field("path"): book.path
            case .field("status"): book.status.name
            case .field("folder"): book.folder
            case .field("body"): book.body
            case .field(let key): book.value(forKey: key).map(BookDisplay.text) ?? ""
            }
        }.joined()
    }
}
