internal import Foundation

/// What the values of notes people wrote by hand mean: dates as people write them, authors in
/// every form a list of people takes, ratings on their own scale, status words. Each function
/// reads one value and returns `nil` for what it cannot read, so a note is never refused for a
/// value shelf does not understand; `check` names those values.
enum NoteValues {
    // MARK: - Dates

    /// A date as people write it, with the precision it has: a YAML date, `2024-12-6`,
    /// `"2024-12-06"`, a timestamp, `2024/12/06`, `March 29, 2025`, `29 March 2025`,
    /// `"[[2024-12-18]]"`, `2023-06`, `2021`. A list (`dates_read:`) gives its latest date.
    static func date(_ node: YAMLNode?) -> Day? {
        guard let node else { return nil }
        switch node {
        case .sequence(let sequence):
            return sequence.items.compactMap { date($0) }.max()
        case .scalar(let scalar):
            if case .day(let day) = scalar.value { return day }
            if case .int(let year) = scalar.value { return (1000...2999).contains(year) ? Day(year: year) : nil }
            return date(text: scalar.text)
        case .mapping:
            return nil
        }
    }

    /// ``date(_:)`` of text.
    static func date(text raw: String) -> Day? {
        var text = raw.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("[["), text.hasSuffix("]]") {
            text = String(text.dropFirst(2).dropLast(2))
            if let bar = text.firstIndex(of: "|") { text = String(text[..<bar]) }
        }
        text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if let day = Day(partial: text) { return day }
        if let day = FrontMatterDocument.day(fromDateOrTimestamp: text) { return day }
        // `2024-12-6`, `2024/12/06`, `2024.12.06`, and the day of `2022-12-21 10:54`.
        let datePart = text.split(separator: " ").first.map(String.init) ?? text
        let numbers = datePart.split(whereSeparator: { "-/.".contains($0) })
        if numbers.count == 3, numbers[0].count == 4, let year = Int(numbers[0]), let month = Int(numbers[1]),
           let day = Int(numbers[2]) {
            return Day(year: year, month: month, day: day)
        }
        // `06.12.2024` is day first, as Europe writes it; `12/06/2024` month first, as the US
        // does, unless its first number cannot be a month.
        if numbers.count == 3, numbers[2].count == 4, let first = Int(numbers[0]), let second = Int(numbers[1]),
           let year = Int(numbers[2]) {
            let dayFirst = datePart.contains(".") || datePart.contains("-") || first > 12
            return dayFirst ? Day(year: year, month: second, day: first) : Day(year: year, month: first, day: second)
        }
        if numbers.count == 2, numbers[0].count == 4, let year = Int(numbers[0]), let month = Int(numbers[1]) {
            return Day(year: year, month: month)
        }
        return spelled(text)
    }

    /// `March 29, 2025`, `Mar 29 2025`, `29 March 2025`, `March 2025`.
    private static func spelled(_ text: String) -> Day? {
        let words = text.lowercased().split(whereSeparator: { " ,.".contains($0) }).map(String.init)
        var year: Int?, month: Int?, day: Int?
        for word in words {
            if let number = Int(word) {
                if word.count == 4 { year = number } else if (1...31).contains(number) { day = number } else { return nil }
            } else if let index = monthNames.firstIndex(where: { word.hasPrefix($0) && word.count >= 3 }) {
                month = index + 1
            } else if !["of", "the"].contains(word), !word.hasSuffix("th"), !word.hasSuffix("st"), !word.hasSuffix("nd"),
                      !word.hasSuffix("rd") {
                return nil
            } else if let number = Int(word.dropLast(2)), (1...31).contains(number) {
                day = number
            }
        }
        guard let year, let month else { return nil }
        guard let day else { return Day(year: year, month: month) }
        return Day(year: year, month: month, day: day)
    }

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    // MARK: - People

    /// The people a value names: a list, a wiki link, `{name: …}`, "A, B", "A and B", "A & B",
    /// a slug (`martha-wells`); "Le Guin, Ursula K." stays one person.
    static func people(_ node: YAMLNode?) -> [String] {
        guard let node else { return [] }
        switch node {
        case .sequence(let sequence):
            return sequence.items.flatMap { item -> [String] in
                // Each item of a list is one person, even "Le Guin, Ursula K."; only links and
                // maps are unwrapped.
                if case .scalar(let scalar) = item { return cleanName(scalar.text).map { [$0] } ?? [] }
                return people(item)
            }
        case .mapping(let mapping):
            for key in ["name", "author", "full_name", "fullName"] {
                if let value = mapping[key] { return people(value) }
            }
            return []
        case .scalar(let scalar):
            guard !scalar.isNull else { return [] }
            return people(text: scalar.text)
        }
    }

    /// ``people(_:)`` of one string.
    static func people(text: String) -> [String] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        // Several links, `[[A]], [[B]]`, are several people whatever their names hold.
        let links = wikiLinks(in: trimmed)
        if links.count > 1 { return links.compactMap(cleanName) }
        let unwrapped = links.first.map { link in
            trimmed.hasPrefix("[[") && trimmed.hasSuffix("]]") ? link : trimmed
        } ?? trimmed
        return split(unwrapped).compactMap(cleanName)
    }

    /// "A, B and C" → A, B, C; "Last, First" is one person.
    private static func split(_ text: String) -> [String] {
        var parts = [text]
        for separator in [" and ", " & ", "; ", " und ", " e ", " y ", "、"] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        parts = parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard parts.count == 1 else {
            var people = parts.flatMap { part in part.contains(",") ? part.components(separatedBy: ",") : [part] }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            // "Will & Ariel Durant", "Kelly and Zach Weinersmith": first names sharing the last
            // person's surname.
            if let last = people.last?.split(separator: " "), last.count >= 2,
               people.dropLast().allSatisfy({ !$0.contains(" ") && $0.first?.isUppercase == true }) {
                people = people.dropLast().map { $0 + " " + String(last[last.count - 1]) } + [people[people.count - 1]]
            }
            return people
        }
        let commaParts = text.components(separatedBy: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard commaParts.count > 1 else { return parts }
        if commaParts.count == 2, isInvertedName(last: commaParts[0], first: commaParts[1]) { return [text] }
        return commaParts
    }

    /// Whether "Herbert, Frank" or "Le Guin, Ursula K." is one person written last name first:
    /// the part after the comma is a single name or ends with an initial, and the part before
    /// holds no initial.
    private static func isInvertedName(last: String, first: String) -> Bool {
        let firstWords = first.split(separator: " ")
        let lastWords = last.split(separator: " ")
        let endsWithInitial = firstWords.last.map { $0.count <= 2 && $0.hasSuffix(".") || $0.count == 1 } ?? false
        let jr = ["jr", "jr.", "sr", "sr.", "ii", "iii", "phd", "md"]
        if jr.contains(first.lowercased()) { return true }
        return lastWords.count <= 2 && (firstWords.count == 1 || endsWithInitial)
            && !lastWords.contains { $0.hasSuffix(".") }
    }

    /// A name cleaned: a link unwrapped (`[[Jane Doe|Jane]]` → Jane Doe), a role dropped
    /// (`Norman Doidge (Forward)`), a slug spelled out (`martha-wells` → Martha Wells).
    static func cleanName(_ raw: String) -> String? {
        var name = raw.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("[["), name.hasSuffix("]]") {
            name = String(name.dropFirst(2).dropLast(2))
            if let bar = name.firstIndex(of: "|") { name = String(name[..<bar]) }
            if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
        }
        if name.hasPrefix("@") { name.removeFirst() }
        if let open = name.lastIndex(of: "("), name.hasSuffix(")"), open > name.startIndex {
            name = String(name[..<open])
        }
        name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !["unknown", "n/a", "-", "none"].contains(name.lowercased()) else { return nil }
        if isSlug(name) {
            name = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
        return name
    }

    /// `martha-wells`: lowercase words joined by hyphens, no spaces.
    private static func isSlug(_ text: String) -> Bool {
        text.contains("-") && !text.contains(" ") && text == text.lowercased()
            && text.split(separator: "-").count >= 2 && text.unicodeScalars.allSatisfy { $0.properties.isLowercase || $0 == "-" }
    }

    /// The targets of `[[…]]` links in `text`, in order.
    static func wikiLinks(in text: String) -> [String] {
        var links: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            var target = String(rest[open.upperBound..<close.lowerBound])
            if let bar = target.firstIndex(of: "|") { target = String(target[..<bar]) }
            links.append(target)
            rest = rest[close.upperBound...]
        }
        return links
    }

    // MARK: - Ratings

    /// The reader's rating on shelf's 0–5 scale, from a value out of `scale`: `4`, `"4"`,
    /// `4.5`, `"4/5"`, `"8/10"`, `⭐⭐⭐⭐`, `★★★½`. `0` is no rating (Goodreads exports write
    /// `0` for an unrated book).
    static func rating(_ node: YAMLNode?, scale: Int) -> Double? {
        guard case .scalar(let scalar)? = node, !scalar.isNull else { return nil }
        return rating(text: scalar.text, scale: scale)
    }

    /// ``rating(_:scale:)`` of text.
    static func rating(text raw: String, scale: Int) -> Double? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        var value: Double?
        var outOf = Double(scale)
        let numbers = leadingNumbers(in: text)
        if let number = Double(text) {
            value = number
        } else if text.contains("/") || text.lowercased().contains("out of"), numbers.count >= 2, numbers[1] > 0 {
            // `"4/5"`, `4.5/5 ⭐`, `8 out of 10`.
            value = numbers[0]
            outOf = numbers[1]
        } else if let first = numbers.first, text.first.map({ $0.isNumber }) == true,
                  !text.contains(where: { ["⭐", "★"].contains($0) }) {
            // `4 stars`, `4.5 (loved it)`.
            value = first
        } else {
            let stars = text.unicodeScalars.filter { ["⭐", "★", "🌟"].contains($0) }.count
            let half = text.contains("½") || text.contains("⯪") ? 0.5 : 0
            if stars > 0 {
                value = Double(stars) + half
                outOf = 5
            }
        }
        guard let value, value > 0, value <= outOf else { return nil }
        let rating = outOf == 5 ? value : value / outOf * 5
        return (rating * 100).rounded() / 100
    }

    /// The numbers in `text`, in order: `"4.5/5 ⭐"` → 4.5, 5.
    private static func leadingNumbers(in text: String) -> [Double] {
        var numbers: [Double] = []
        var current = ""
        for character in text + " " {
            if character.isASCII, character.isNumber || (character == "." && !current.isEmpty) {
                current.append(character)
            } else if !current.isEmpty {
                if let number = Double(current) { numbers.append(number) }
                current = ""
            }
        }
        return numbers
    }

    /// `rating` written on `scale` in the style of `existing`, the value the note holds now:
    /// `"4/5"` stays a fraction, a quoted number stays quoted.
    static func written(rating: Double, scale: Int, fraction: Bool = false, like existing: YAMLNode?) -> YAMLValue {
        let scaled = scale == 5 ? rating : rating / 5 * Double(scale)
        let number = YAMLValue.number((scaled * 100).rounded() / 100)
        let isFraction = existing.map { node in
            if case .scalar(let scalar) = node, !scalar.isNull { return scalar.text.contains("/") }
            return fraction
        } ?? fraction
        if isFraction {
            return .string("\(number.description)/\(scale)")
        }
        if case .scalar(let scalar)? = existing, scalar.style != .plain, !scalar.isNull {
            return .string(number.description)
        }
        return number
    }

    /// A date written as the library writes dates, or as `existing` is written.
    static func written(date: Day, style: NoteConventions.DateStyle, like existing: YAMLNode?) -> YAMLValue {
        var style = style
        if case .scalar(let scalar)? = existing, !scalar.isNull {
            if scalar.text.hasPrefix("[[") { style = .link }
            else if scalar.style != .plain { style = .quoted }
            else { style = .plain }
        }
        switch style {
        case .plain: return .day(date)
        case .quoted: return .string(date.description)
        case .link: return .string("[[\(date.description)]]")
        }
    }

    // MARK: - Titles and the body

    /// The text of the body's first `# heading`, if it has one.
    static func heading(inBody body: String) -> String? {
        for line in body.split(maxSplits: 200, omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("# ") {
                let text = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : text
            }
        }
        return nil
    }

    /// The value of a field written in the body: a Dataview inline field `Author:: Jane Doe`,
    /// or a Readwise line `- Author: [[Jane Doe]]`, by its name (compared ignoring case).
    static func inlineField(_ name: String, inBody body: String) -> String? {
        InlineFields(body)[name]
    }

    /// The fields a body writes (``inlineField(_:inBody:)``), found in one pass over its
    /// bytes: a note's read asks for some thirty names, and a body of highlights can be long.
    /// Read on bytes, so a `\r\n` line ends where a `\n` one does.
    struct InlineFields {
        private var values: [String: String] = [:]

        init(_ body: String) {
            let bytes = Array(body.utf8)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                add(line: bytes[start..<end])
                start = end + 1
            }
        }

        /// The value of the first line naming `name` (ignoring case) with a value.
        subscript(name: String) -> String? { values[name.lowercased()] }

        private mutating func add(line: ArraySlice<UInt8>) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon - line.startIndex <= 60 else { return }
            var key = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            for marker in ["- ", "* "] where key.hasPrefix(marker) { key.removeFirst(marker.count) }
            key = key.replacingOccurrences(of: "**", with: "").trimmingCharacters(in: .whitespaces).lowercased()
            guard !key.isEmpty, values[key] == nil else { return }
            var rest = line[(colon + 1)...]
            if rest.first == UInt8(ascii: ":") { rest = rest.dropFirst() }
            var value = String(decoding: rest, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if value.hasPrefix("**") { value = String(value.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
            if !value.isEmpty { values[key] = value }
        }
    }

    /// Where the value of the field `name` is in `body` (see ``inlineField(_:inBody:)``):
    /// the text after its `:` or `::`, without the spaces around it and the line's break.
    /// - Parameter empty: Whether an empty value is found too, as an empty range where it goes.
    static func inlineFieldRange(_ name: String, inBody body: String, empty: Bool = false) -> Range<String.Index>? {
        let wanted = name.lowercased()
        var lineStart = body.startIndex
        while lineStart < body.endIndex {
            // `isNewline`, not `"\n"`: a Character holds `\r\n` as one, which is not `"\n"`.
            let lineEnd = body[lineStart...].firstIndex(where: \.isNewline) ?? body.endIndex
            defer { lineStart = lineEnd < body.endIndex ? body.index(after: lineEnd) : body.endIndex }
            let line = body[lineStart..<lineEnd]
            guard let colon = line.firstIndex(of: ":") else { continue }
            var key = line[..<colon].trimmingCharacters(in: .whitespaces)
            for marker in ["- ", "* "] where key.hasPrefix(marker) { key.removeFirst(marker.count) }
            key = key.replacingOccurrences(of: "**", with: "").trimmingCharacters(in: .whitespaces).lowercased()
            guard key == wanted else { continue }
            var start = line.index(after: colon)
            if start < line.endIndex, line[start] == ":" { start = line.index(after: start) }
            if line[start...].hasPrefix("**") { start = line.index(start, offsetBy: 2) }
            while start < line.endIndex, line[start] == " " || line[start] == "\t" { start = line.index(after: start) }
            var end = line.endIndex
            while end > start, let previous = Optional(line.index(before: end)), line[previous].isWhitespace {
                end = previous
            }
            if end > start || empty { return start..<end }
        }
        return nil
    }

    /// `body` with the value of its field `name` replaced by `value`, only those characters
    /// changed; `nil` when the body has no such field.
    static func replacingInlineField(_ name: String, in body: String, with value: String) -> String? {
        guard let range = inlineFieldRange(name, inBody: body, empty: true) else { return nil }
        var edited = body
        // `Finished::` with nothing after it gets a space before its new value.
        let spaced = range.isEmpty && range.lowerBound > body.startIndex && body[body.index(before: range.lowerBound)] == ":"
        edited.replaceSubrange(range, with: (spaced ? " " : "") + value)
        return edited
    }
}
