public import ShelfKit

/// Problems of an import that say the same thing about different rows, so a file whose every
/// row has one fault can be told once instead of hundreds of times.
///
/// Two problems say the same thing when their messages are equal but for the value found: the
/// part `, found "…"` (`Date Added should be a date (YYYY/MM/DD), found "3/26/2022"; row
/// skipped`), or, in a message without it, any quoted value.
public struct ImportProblemGroup: Sendable, Hashable {
    /// The message without the value found: `Date Added should be a date (YYYY/MM/DD); row skipped`.
    public var reason: String
    /// The problems, in the order given.
    public var problems: [Problem]

    /// Creates a group.
    public init(reason: String, problems: [Problem]) {
        self.reason = reason
        self.problems = problems
    }

    /// `problems` grouped by ``reason``, groups in the order of their first problem.
    public static func grouping(_ problems: [Problem]) -> [ImportProblemGroup] {
        var groups: [ImportProblemGroup] = []
        var indexes: [String: Int] = [:]
        for problem in problems {
            let reason = reason(of: problem.message)
            if let index = indexes[reason] {
                groups[index].problems.append(problem)
            } else {
                indexes[reason] = groups.count
                groups.append(ImportProblemGroup(reason: reason, problems: [problem]))
            }
        }
        return groups
    }

    /// A message without the value it quotes.
    static func reason(of message: String) -> String {
        if let found = message.firstRange(of: ", found \""), let closing = message.lastIndex(of: "\""),
           closing >= found.upperBound {
            return String(message[..<found.lowerBound] + message[message.index(after: closing)...])
        }
        var result = ""
        var quoted = false
        for character in message {
            if character == "\"" {
                if !quoted { result += "\"…\"" }
                quoted.toggle()
            } else if !quoted {
                result.append(character)
            }
        }
        return result
    }
}
