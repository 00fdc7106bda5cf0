public import FrontMatter
import ShelfKit

/// Writes JSON with keys in the order given, so `shelf list --format json` lists `id`, `path`,
/// `status`, `folder` first, then the book keys in canonical order and the custom keys as the
/// file has them.
///
/// Foundation's `JSONSerialization` sorts or scrambles keys; a person diffing two exports, or a
/// script reading them, is better served by a stable, meaningful order.
public enum JSONWriter {
    /// A JSON value with ordered objects.
    public indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case array([Value])
        case object([(String, Value)])

        public static func == (lhs: Value, rhs: Value) -> Bool {
            JSONWriter.write(lhs) == JSONWriter.write(rhs)
        }

        /// A YAML value as JSON: days as `YYYY-MM-DD` strings, non-finite numbers as null.
        public init(_ yaml: YAMLValue) {
            switch yaml {
            case .null: self = .null
            case .bool(let bool): self = .bool(bool)
            case .int(let int): self = .int(int)
            case .double(let double): self = double.isFinite ? .double(double) : .null
            case .string(let string): self = .string(string)
            case .day(let day): self = .string(day.description)
            case .list(let items): self = .array(items.map(Value.init))
            case .mapping(let entries): self = .object(entries.map { ($0.key, Value($0.value)) })
            }
        }
    }

    /// Compact JSON on one line.
    public static func write(_ value: Value) -> String {
        var output = ""
        append(value, to: &output, indent: nil)
        return output
    }

    /// JSON indented by two spaces per level.
    public static func writePretty(_ value: Value) -> String {
        var output = ""
        append(value, to: &output, indent: 0)
        return output
    }

    private static func append(_ value: Value, to output: inout String, indent: Int?) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double):
            output += double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) + ".0" : "\(double)"
        case .string(let string): JSONEscaping.appendString(string, to: &output)
        case .array(let items):
            appendContainer(items, open: "[", close: "]", to: &output, indent: indent) { item, output, indent in
                append(item, to: &output, indent: indent)
            }
        case .object(let members):
            appendContainer(members, open: "{", close: "}", to: &output, indent: indent) { member, output, indent in
                JSONEscaping.appendString(member.0, to: &output)
                output += indent == nil ? ":" : ": "
                append(member.1, to: &output, indent: indent)
            }
        }
    }

    private static func appendContainer<Element>(
        _ elements: [Element], open: String, close: String, to output: inout String, indent: Int?,
        element: (Element, inout String, Int?) -> Void
    ) {
        output += open
        guard !elements.isEmpty else {
            output += close
            return
        }
        let inner = indent.map { $0 + 2 }
        for (index, item) in elements.enumerated() {
            if index > 0 { output += "," }
            if let inner { output += "\n" + String(repeating: " ", count: inner) }
            element(item, &output, inner)
        }
        if let indent { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

}
