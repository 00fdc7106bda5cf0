import ArgumentParser

/// `--format table|json`, for the commands that print rows (`next`, `tags`, `authors`, `folders`).
enum TableOrJSON: String, ExpressibleByArgument, CaseIterable {
    case table
    case json
}

/// `--format text|json`, for the commands that print a report (`today`, `stats`, `watch`).
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
