internal import Foundation
internal import FrontMatter

/// The `notes:` map of `.shelf/config.yaml` read and written: a person may edit it, so every
/// value is checked and a wrong one is named with its line.
extension NoteConventions {
    /// The shelf fields the map may name a key for.
    /// The name of a new note's file, without `.md`, for a book titled `title`: the title
    /// itself, less the characters no file name may hold, in a library that names notes by title.
    func fileName(forTitle title: String) -> String? {
        guard names == .titles else { return nil }
        let cleaned = title.filter { !PathSafety.unportableCharacters.contains($0) && $0 != "/" && !$0.isNewline }
            .trimmingCharacters(in: .whitespaces)
        var name = cleaned
        while name.hasPrefix(".") { name.removeFirst() }
        while name.hasSuffix(".") || name.hasSuffix(" ") { name.removeLast() }
        return name.isEmpty ? nil : String(name.prefix(200))
    }

    static let mappableFields = ["title", "subtitle", "authors", "isbn", "published", "pages", "publisher", "language",
                                 "series", "series_index", "tags", "rating", "added", "started", "finished", "stopped", "cover"]

    /// Reads the map from the `notes` node of the configuration `document`.
    init(node: YAMLNode, in document: FrontMatterDocument) throws(ShelfError) {
        let path = LibraryConfiguration.path
        func invalid(_ key: String, _ node: YAMLNode, _ reason: String) -> ShelfError {
            let location = document.location(of: node)
            return .invalidValue(path: path, key: "notes." + key, value: ShelfError.valueText(node), reason: reason,
                                 at: SourceLocation(line: location.line, column: location.column))
        }
        guard case .mapping(let map) = node else { throw invalid("", node, "should be a map of how the notes are kept") }
        self.init()
        for entry in map.entries {
            let value = entry.value
            switch entry.key {
            case "folder":
                guard let text = value.text ?? (value.isNull ? "" : nil) else { throw invalid("folder", value, "should be a folder") }
                let folder = text == "." ? "" : text.split(separator: "/").joined(separator: "/")
                if !folder.isEmpty {
                    for component in folder.split(separator: "/") {
                        guard component != "..", !component.hasPrefix(".") else {
                            throw invalid("folder", value, "should be a folder inside the library, not hidden")
                        }
                    }
                }
                self.folder = folder
            case "only":
                guard case .mapping(let test) = value, let first = test.entries.first, test.entries.count == 1 else {
                    throw invalid("only", value, "should be one test, as {tag: book}, {type: book} or {keys: [isbn, author]}")
                }
                if first.key == "tag", let tag = first.value.text {
                    only = .tag(tag)
                } else if first.key == "keys", let keys = first.value.strings, !keys.isEmpty {
                    only = .anyKey(keys)
                } else if let equals = first.value.text {
                    only = .value(key: first.key, equals: equals)
                } else {
                    throw invalid("only", value, "should be one test, as {tag: book}, {type: book} or {keys: [isbn, author]}")
                }
            case "keys":
                guard case .mapping(let keys) = value else { throw invalid("keys", value, "should map fields to keys, as {finished: date_read}") }
                for key in keys.entries {
                    guard Self.mappableFields.contains(key.key) else {
                        throw invalid("keys." + key.key, key.value, "is not a field; fields are " + Self.mappableFields.joined(separator: ", "))
                    }
                    guard let name = key.value.text, !name.isEmpty else { throw invalid("keys." + key.key, key.value, "should name a key") }
                    self.keys[key.key] = name
                }
            case "rating_scale":
                guard let scale = value.value.wholeNumber, [5, 10, 100].contains(scale) else {
                    throw invalid("rating_scale", value, "should be 5, 10 or 100")
                }
                ratingScale = scale
            case "rating_form":
                guard let form = value.text, ["number", "fraction"].contains(form) else {
                    throw invalid("rating_form", value, "should be number or fraction")
                }
                ratingsAsFractions = form == "fraction"
            case "status":
                if value.text == "folders" {
                    status = .folder
                    continue
                }
                guard case .mapping(let place) = value, let first = place.entries.first, place.entries.count == 1,
                      let name = first.value.text, !name.isEmpty, ["key", "tag"].contains(first.key) else {
                    throw invalid("status", value, "should be {key: status}, {tag: tags} or folders")
                }
                status = first.key == "key" ? .key(name) : .tag(name)
            case "words":
                guard case .mapping(let words) = value else {
                    throw invalid("words", value, "should map statuses to the notes' words, as {finished: [read]}")
                }
                for word in words.entries {
                    guard let names = word.value.strings, !names.isEmpty else {
                        throw invalid("words." + word.key, word.value, "should list words, as [read, done]")
                    }
                    self.words[Status(word.key)] = names
                }
            case "unstated":
                guard let name = value.text, !name.isEmpty else { throw invalid("unstated", value, "should name a status") }
                unstated = Status(name)
            case "dates":
                guard let name = value.text, let style = DateStyle(rawValue: name) else {
                    throw invalid("dates", value, "should be plain, quoted or link")
                }
                dates = style
            case "names":
                guard let name = value.text, let names = FileNames(rawValue: name) else {
                    throw invalid("names", value, "should be slugs or titles")
                }
                self.names = names
            case "sessions":
                guard value.text == Self.defaultSessions else {
                    throw invalid("sessions", value, "should be \(Self.defaultSessions), where this shelf keeps the sessions of adopted notes")
                }
            default:
                let location = document.location(ofKey: "notes")
                throw .invalidValue(path: path, key: "notes." + entry.key, value: "", reason:
                                        "is not a setting of notes; they are folder, only, keys, rating_scale, rating_form, status, words, unstated, dates, sessions, names",
                                    at: SourceLocation(line: entry.keySpan.start.line, column: location.column))
            }
        }
    }

    /// The map as YAML, each setting on its own line, to write into a new configuration.
    var yaml: YAMLValue {
        var entries: [YAMLValue.Entry] = [.init("folder", .string(folder))]
        switch only {
        case .tag(let tag)?: entries.append(.init("only", .mapping([.init("tag", .string(tag))])))
        case .value(let key, let equals)?: entries.append(.init("only", .mapping([.init(key, .string(equals))])))
        case .anyKey(let keys)?: entries.append(.init("only", .mapping([.init("keys", .list(keys.map(YAMLValue.string)))])))
        case nil: break
        }
        let ordered = Self.mappableFields.compactMap { field in keys[field].map { YAMLValue.Entry(field, .string($0)) } }
        if !ordered.isEmpty { entries.append(.init("keys", .mapping(ordered))) }
        entries.append(.init("rating_scale", .int(ratingScale)))
        if ratingsAsFractions { entries.append(.init("rating_form", .string("fraction"))) }
        switch status {
        case .key(let key)?: entries.append(.init("status", .mapping([.init("key", .string(key))])))
        case .tag(let key)?: entries.append(.init("status", .mapping([.init("tag", .string(key))])))
        case .folder?: entries.append(.init("status", .string("folders")))
        case nil: break
        }
        let statusOrder = LibraryConfiguration.defaultStatuses + words.keys.filter { !LibraryConfiguration.defaultStatuses.contains($0) }
            .sorted { $0.name < $1.name }
        let wordEntries = statusOrder.compactMap { status in
            words[status].map { YAMLValue.Entry(status.name, .list($0.map(YAMLValue.string))) }
        }
        if !wordEntries.isEmpty { entries.append(.init("words", .mapping(wordEntries))) }
        entries.append(.init("unstated", .string(unstated.name)))
        entries.append(.init("dates", .string(dates.rawValue)))
        entries.append(.init("sessions", .string(Self.defaultSessions)))
        entries.append(.init("names", .string(names.rawValue)))
        return .mapping(entries)
    }
}

extension NoteConventions {
    /// The map as block YAML under `notes:`, one setting a line, for a person to read and edit.
    var yamlText: String {
        var lines = ["notes:"]
        func add(_ value: YAMLValue, key: String, indent: String) {
            switch value {
            case .mapping(let entries):
                lines.append("\(indent)\(key):")
                for entry in entries { add(entry.value, key: entry.key, indent: indent + "  ") }
            case .list(let items):
                lines.append("\(indent)\(key): [" + items.map { Self.scalarText($0) }.joined(separator: ", ") + "]")
            default:
                lines.append("\(indent)\(key): " + Self.scalarText(value))
            }
        }
        if case .mapping(let entries) = yaml {
            for entry in entries { add(entry.value, key: entry.key, indent: "  ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A scalar as YAML: plain when it reads back as the same text, else double-quoted.
    private static func scalarText(_ value: YAMLValue) -> String {
        switch value {
        case .string(let text):
            let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./ ".unicodeScalars.contains($0) }
                && !text.hasPrefix(" ") && !text.hasSuffix(" ") && !text.hasPrefix("-")
                && !["null", "true", "false", "yes", "no", "on", "off", "~"].contains(text.lowercased())
                && Double(text) == nil && Int(text) == nil
            if plain { return text }
            var escaped = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return "\"" + escaped + "\""
        default:
            return value.description
        }
    }
}
