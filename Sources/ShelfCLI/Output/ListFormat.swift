import ArgumentParser

/// `--format` of `list`: a named format, or a template such as `'{title} ({published}) — {authors}'`.
enum ListFormat: ExpressibleByArgument, Sendable, Equatable {
    case named(OutputFormat)
    case template(BookTemplate)

    init?(argument: String) {
        if let format = OutputFormat(rawValue: argument) {
            self = .named(format)
        } else if argument.contains("{"), let template = BookTemplate(argument) {
            self = .template(template)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { OutputFormat.allCases.map(\.rawValue) + ["'{title} — {authors}'"] }

    /// The named formats: a template is the person's own.
    static var defaultCompletionKind: CompletionKind { .list(OutputFormat.allCases.map(\.rawValue)) }

    /// The default as a person types it (`table`), not as Swift prints the case.
    var defaultValueDescription: String {
        switch self {
        case .named(let format): format.rawValue
        case .template: "a template"
        }
    }
}
