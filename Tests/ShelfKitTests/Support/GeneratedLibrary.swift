import Foundation
import FrontMatterFuzzing
@testable import ShelfKit

/// Book and session files with the variety hand-edited libraries have: flow and block lists,
/// accents, custom keys, missing fields, sessions with and without page ranges, broken files.
enum GeneratedLibrary {
    static let authors = ["Frank Herbert", "Gabriel García Márquez", "Ursula K. Le Guin", "Octavia Butler", "Haruki Murakami",
                          "Olga Tokarczuk", "Søren Kierkegaard", "Ngũgĩ wa Thiong'o", "村上 春樹", "Brian Herbert"]
    static let words = ["night", "river", "empire", "glass", "memory", "garden", "désert", "winter", "quartz", "ocean",
                        "Straße", "dune", "herbal", "naïve"]
    static let tags = ["sci-fi", "classic", "book-club", "kindle", "reread", "série-noire", "日本"]
    static let folders = ["", "", "sci-fi", "fiction/classics", "history"]
    static let statuses = ["to-read", "reading", "finished", "abandoned"]

    /// Path → text of a library of `count` books.
    static func files(count: Int, seed: UInt64) -> [String: String] {
        var random = SeededGenerator(seed: seed)
        var files: [String: String] = [:]
        for index in 0..<count {
            let status = statuses.randomElement(using: &random) ?? "to-read"
            let folder = folders.randomElement(using: &random) ?? ""
            let slug = "book-\(index)"
            let directory = folder.isEmpty ? status : status + "/" + folder
            var lines = ["---"]
            let title = (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }
            lines.append("title: \"\(title.joined(separator: " ").capitalized)\"")
            if Bool.random(using: &random) { lines.append("subtitle: A \(words.randomElement(using: &random) ?? "") story") }
            let bookAuthors = (0..<Int.random(in: 0...2, using: &random)).compactMap { _ in authors.randomElement(using: &random) }
            if bookAuthors.count == 1, Bool.random(using: &random) {
                lines.append("authors: \(bookAuthors[0])")
            } else if !bookAuthors.isEmpty {
                lines.append("authors:")
                lines += bookAuthors.map { "  - \"\($0)\"" }
            }
            if Int.random(in: 0..<3, using: &random) > 0 { lines.append("published: \(Int.random(in: 1950...2024, using: &random))") }
            if Bool.random(using: &random) { lines.append("pages: \(Int.random(in: 80...900, using: &random))") }
            // E-books and audiobooks, whose sessions below are in locations and time (no randomness
            // drawn, so the rest of the library stays as the seed made it).
            if index % 4 == 1 { lines.append("locations: 4000") }
            if index % 4 == 3 { lines.append("duration: 10h") }
            if Bool.random(using: &random) { lines.append("series: \(words.randomElement(using: &random) ?? "") saga") }
            let bookTags = Array(Set((0..<Int.random(in: 0...3, using: &random)).compactMap { _ in tags.randomElement(using: &random) })).sorted()
            if !bookTags.isEmpty { lines.append("tags: [\(bookTags.map { "\"\($0)\"" }.joined(separator: ", "))]") }
            if Bool.random(using: &random) { lines.append("rating: \(Double(Int.random(in: 1...10, using: &random)) / 2)") }
            let added = day(random: &random, year: 2022...2024)
            lines.append("added: \(added)")
            if status != "to-read" { lines.append("started: \(day(random: &random, year: 2023...2024))") }
            if status == "finished" { lines.append("finished: \(day(random: &random, year: 2023...2024))") }
            if Bool.random(using: &random) { lines.append("format: \(["ebook", "paperback", "audiobook"].randomElement(using: &random) ?? "")") }
            if Int.random(in: 0..<4, using: &random) == 0 { lines.append("bought: \(day(random: &random, year: 2020...2024))") }
            if Int.random(in: 0..<4, using: &random) == 0 { lines.append("edition: \(Int.random(in: 1...5, using: &random))") }
            lines.append("---")
            lines.append("")
            lines.append((0..<Int.random(in: 0...12, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }.joined(separator: " "))
            files[directory + "/" + slug + ".md"] = lines.joined(separator: "\n") + "\n"
            if status != "to-read" {
                var page = 1
                for session in 0..<Int.random(in: 0...3, using: &random) {
                    let next = page + Int.random(in: 5...80, using: &random)
                    var text = "---\n"
                    if Bool.random(using: &random) {
                        // Units mixed in one book's sessions: pages, a percent, a location, a time.
                        let to = switch (index + session) % 3 {
                        case 1: "\(next / 3)%"
                        case 2 where index % 4 == 1: "loc \(next * 5)"
                        case 2 where index % 4 == 3: ReadingDuration.text(next)
                        default: String(next)
                        }
                        text += "from: \(page)\nto: \(to)\n"
                    } else {
                        text += "pages: \(next - page)\n"
                    }
                    if Bool.random(using: &random) { text += "minutes: \(Int.random(in: 10...90, using: &random))\n" }
                    text += "---\n\n\(words.randomElement(using: &random) ?? "") \(words.randomElement(using: &random) ?? "")\n"
                    files["\(directory)/\(slug)/2024-0\(session + 1)-1\(session).md"] = text
                    page = next
                }
            }
        }
        files["finished/broken.md"] = "---\ntitle: [unclosed\n---\n"
        return files
    }

    private static func day(random: inout SeededGenerator, year: ClosedRange<Int>) -> String {
        let day = Day(year: Int.random(in: year, using: &random), month: Int.random(in: 1...12, using: &random),
                      day: Int.random(in: 1...28, using: &random))
        return day?.description ?? "2024-01-01"
    }
}
