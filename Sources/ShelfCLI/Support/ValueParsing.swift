import FrontMatter
import ShelfKit

/// Values typed on the command line, read the way YAML reads them in a file.
enum ValueParsing {
    /// `412` is a number, `2024-03-01` a date, `[a, b]` a list, `true` a boolean, anything else
    /// text; with `asString`, always text.
    static func value(_ text: String, asString: Bool) -> YAMLValue {
        if asString { return .string(text) }
        let yaml = Array("value: ".utf8) + Array(text.utf8)
        guard !text.contains("\n"), let document = try? FrontMatterDocument(yamlBytes: yaml),
              let value = document["value"]?.value else { return .string(text) }
        return value
    }

    /// Splits `key=value`; the key must not be empty.
    static func assignment(_ text: String) -> (key: String, value: String)? {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    /// A value for `key`: book keys that hold text keep the text as typed, the way a file's
    /// `isbn: 0441172717` keeps its leading zero; book keys that hold a day also take a day
    /// relative to `today` (`started=yesterday`); a list field of the table (`authors`, `tags`)
    /// takes its elements separated by commas (``Book/listElements(of:)``), unless the value is
    /// written as a YAML list (`[a, "b, c"]`); other keys are typed as YAML types them.
    static func value(_ text: String, forKey key: String, asString: Bool, today: Day) -> YAMLValue {
        if !asString, dayKeys.contains(key), let day = Day.parse(text, today: today) { return .day(day) }
        if listKeys.contains(key), !text.hasPrefix("[") {
            return .list(Book.listElements(of: text).map(YAMLValue.string))
        }
        return value(text, asString: asString || textKeys.contains(key))
    }

    /// What one argument of `set` asks: a value for a key, or one element more or less in a list.
    enum Assignment {
        case set(key: String, text: String)
        case add(key: String, text: String)
        case remove(key: String, text: String)
    }

    /// `key=value`, `key+=element` or `key-=element`; nil without a key or an `=`.
    static func parsedAssignment(_ text: String) -> Assignment? {
        guard let (key, value) = assignment(text) else { return nil }
        if key.count > 1, key.hasSuffix("+") { return .add(key: String(key.dropLast()), text: value) }
        if key.count > 1, key.hasSuffix("-") { return .remove(key: String(key.dropLast()), text: value) }
        return .set(key: key, text: value)
    }

    /// Book keys, and their alternative keys, whose values are lists of text.
    static let listKeys = Set(BookSchema.fields.filter { $0.valueType == .textList }.flatMap { [$0.key] + $0.alternativeKeys })

    /// Book keys whose values are text whatever they look like.
    static let textKeys = Set(BookSchema.fields.filter { $0.valueType == .text }.map(\.key))

    /// Book keys whose values are days.
    static let dayKeys = Set(BookSchema.fields.filter { $0.valueType == .day }.map(\.key))

    /// Keys that describe where the file is, not what it says; `move` changes them.
    static let locationKeys: Set<String> = ["id", "path", "status", "folder", "slug"]

}
