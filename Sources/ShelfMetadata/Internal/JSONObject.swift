internal import Foundation

/// A JSON object read leniently: a field of the wrong type reads as absent, a number written as
/// text reads as a number, so one odd field of a service's record loses that field only.
package struct JSONObject {
    private let fields: [String: Any]

    package init(_ fields: [String: Any]) {
        self.fields = fields
    }

    /// Parses `bytes` as a JSON object.
    /// - Throws: ``MetadataError/malformedResponse(url:reason:)`` for bytes that are not one.
    package static func parse(_ bytes: [UInt8], from url: String) throws(MetadataError) -> JSONObject {
        guard !bytes.isEmpty else { throw .malformedResponse(url: url, reason: "it is empty") }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .malformedResponse(url: url, reason: "its \(bytes.count) bytes are not valid JSON")
        }
        guard let object = value as? [String: Any] else { throw .malformedResponse(url: url, reason: "it is not a JSON object") }
        return JSONObject(object)
    }

    /// Text, trimmed; `nil` when absent, empty or not text.
    package func string(_ key: String) -> String? {
        guard let text = fields[key] as? String else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A whole number, also when written as text (`"535"`, `"535 p."`): its leading digits.
    package func integer(_ key: String) -> Int? {
        switch fields[key] {
        case let number as Int:
            return number
        case let number as Double:
            return number.isFinite && number == number.rounded() && abs(number) < 1e15 ? Int(number) : nil
        case let text as String:
            let digits = text.trimmingCharacters(in: .whitespaces).prefix(while: { $0.isASCII && $0.isNumber })
            return digits.isEmpty || digits.count > 9 ? nil : Int(digits)
        default:
            return nil
        }
    }

    /// A list of text, the elements that are text.
    package func strings(_ key: String) -> [String] {
        (fields[key] as? [Any] ?? []).compactMap { ($0 as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    /// A list of whole numbers.
    package func integers(_ key: String) -> [Int] {
        (fields[key] as? [Any] ?? []).compactMap { JSONObject(["n": $0]).integer("n") }
    }

    /// A nested object.
    package func object(_ key: String) -> JSONObject? {
        (fields[key] as? [String: Any]).map(JSONObject.init)
    }

    /// A list of objects, the elements that are objects.
    package func objects(_ key: String) -> [JSONObject] {
        (fields[key] as? [Any] ?? []).compactMap { ($0 as? [String: Any]).map(JSONObject.init) }
    }

    /// Text, or Open Library's `{"type": "/type/text", "value": "…"}`.
    package func text(_ key: String) -> String? {
        string(key) ?? object(key)?.string("value")
    }
}
