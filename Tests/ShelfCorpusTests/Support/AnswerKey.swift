import Foundation

/// `../shared/corpus/frontmatter-expected.json`: what a careful reader says each corpus note
/// records, with every answer it accepts (its rules are in `frontmatter-expected.md`).
struct AnswerKey: Sendable {
    /// One note's answers.
    struct Entry: Decodable, Sendable {
        var book: Bool
        var title: [String]
        var authors: [[String]]?
        var status: String?
        var status_alternatives: [String?]?
        var finished: String?
        var finished_alternatives: [String?]?
        var started: String?
        var started_alternatives: [String?]?
        var rating: Double?
        var rating_alternatives: [Double?]?
    }

    var entries: [String: Entry]

    /// The key beside the corpus, or `nil` where it is absent.
    static func load() throws -> AnswerKey? {
        guard let folder = Corpus.sharedFolder("") else { return nil }
        let url = folder.appendingPathComponent("frontmatter-expected.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return AnswerKey(entries: try JSONDecoder().decode([String: Entry].self, from: Data(contentsOf: url)))
    }

    /// Text compared as the key's rules say: case, Unicode normalisation, curly apostrophes and
    /// the spaces of initials ("E.B." and "E. B.") do not count.
    static func same(_ a: String, _ b: String) -> Bool {
        fold(a) == fold(b)
    }

    static func fold(_ text: String) -> String {
        var folded = text.precomposedStringWithCanonicalMapping.lowercased()
            .replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "‘", with: "'")
        folded = folded.replacingOccurrences(of: ". ", with: ".")
        return folded.split(separator: " ").joined(separator: " ")
    }
}

/// The corpus notes as the repositories they came from hold them: SOURCES.md gives each note's
/// repository and path.
enum CorpusRepositories {
    /// One note: its corpus name and its path in its repository.
    struct Note: Sendable {
        var name: String
        var path: String
    }

    /// The notes of each repository, by repository.
    static func load() throws -> [String: [Note]] {
        guard let folder = Corpus.folder else { return [:] }
        let sources = try String(contentsOf: folder.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        var repositories: [String: [Note]] = [:]
        for line in sources.split(separator: "\n") where line.hasPrefix("| ") && line.contains(".md |") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            repositories[cells[1], default: []].append(Note(name: cells[0], path: cells[2]))
        }
        return repositories
    }
}
