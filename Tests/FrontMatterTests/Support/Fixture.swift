import Foundation
import FrontMatter
import Testing

/// One file of the fixture corpus and what parsing it must give.
struct Fixture: CustomTestStringConvertible, Sendable {
    enum Expectation: Sendable {
        case parses(keys: [String], values: [String: YAMLValue], body: String)
        case fails(line: Int?, column: Int?, messageContains: String)
    }

    let name: String
    let bytes: [UInt8]
    let expectation: Expectation

    var testDescription: String { name }

    static let directory: URL = {
        Bundle.module.resourceURL?.appendingPathComponent("Fixtures")
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures")
    }()

    /// Every `NAME.md` with its `NAME.json`, sorted by name.
    static let all: [Fixture] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().compactMap { file in
            let name = String(file.dropLast(3))
            guard let bytes = try? Data(contentsOf: directory.appendingPathComponent(file)),
                  let json = try? Data(contentsOf: directory.appendingPathComponent(name + ".json")),
                  let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
                  let expectation = Expectation(json: object) else { return nil }
            return Fixture(name: name, bytes: Array(bytes), expectation: expectation)
        }
    }()

    static var parsing: [Fixture] {
        all.filter { if case .parses = $0.expectation { true } else { false } }
    }

    static var failing: [Fixture] {
        all.filter { if case .fails = $0.expectation { true } else { false } }
    }
}

extension Fixture.Expectation {
    init?(json: [String: Any]) {
        if let error = json["error"] as? [String: Any] {
            self = .fails(line: error["line"] as? Int, column: error["column"] as? Int,
                          messageContains: error["contains"] as? String ?? "")
            return
        }
        guard let keys = json["keys"] as? [String], let values = json["values"] as? [String: Any],
              let body = json["body"] as? String else { return nil }
        var typed: [String: YAMLValue] = [:]
        for (key, value) in values {
            guard let value = YAMLValue(fixtureJSON: value) else { return nil }
            typed[key] = value
        }
        self = .parses(keys: keys, values: typed, body: body)
    }
}

extension YAMLValue {
    /// Reads the tagged form the fixtures use: `{"int": 412}`, `{"list": [...]}`, `{"map": {"keys": [...], "values": {...}}}`.
    init?(fixtureJSON json: Any) {
        guard let object = json as? [String: Any], let (tag, payload) = object.first, object.count == 1 else { return nil }
        switch tag {
        case "null": self = .null
        case "bool": guard let value = payload as? Bool else { return nil }; self = .bool(value)
        case "int": guard let value = (payload as? NSNumber)?.intValue else { return nil }; self = .int(value)
        case "double": guard let value = (payload as? NSNumber)?.doubleValue else { return nil }; self = .double(value)
        case "string": guard let value = payload as? String else { return nil }; self = .string(value)
        case "day": guard let text = payload as? String, let day = Day(text) else { return nil }; self = .day(day)
        case "list":
            guard let items = payload as? [Any] else { return nil }
            let values = items.compactMap(YAMLValue.init(fixtureJSON:))
            guard values.count == items.count else { return nil }
            self = .list(values)
        case "map":
            guard let map = payload as? [String: Any], let keys = map["keys"] as? [String],
                  let values = map["values"] as? [String: Any] else { return nil }
            var entries: [YAMLValue.Entry] = []
            for key in keys {
                guard let raw = values[key], let value = YAMLValue(fixtureJSON: raw) else { return nil }
                entries.append(.init(key, value))
            }
            self = .mapping(entries)
        default:
            return nil
        }
    }
}
