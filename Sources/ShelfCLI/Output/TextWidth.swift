/// How many terminal columns text takes: East Asian wide characters and most emoji take two,
/// combining marks none. Tables line up with 村上春樹 and García Márquez alike.
enum TextWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Printable ASCII, most of any table: one column, without looking up Unicode
        // properties, which took a tenth of listing 10,000 books.
        if (0x20...0x7E).contains(value) { return 1 }
        if value == 0 || scalar.properties.generalCategory == .nonspacingMark
            || scalar.properties.generalCategory == .enclosingMark || value == 0x200D || (0xFE00...0xFE0F).contains(value) {
            return 0
        }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `limit` columns, with an ellipsis when cut.
    static func truncate(_ text: String, to limit: Int) -> String {
        guard of(text) > limit, limit > 0 else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = of(String(character))
            if used + width > limit - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// `items` joined with ", " in at most `limit` columns: as many whole items as fit, then the
    /// count of the rest (`Frank Herbert, Brian Herbert, …, +3`); the first item is cut only when
    /// it and the count do not fit. With `keepingFirst`, the shortest form that keeps the first
    /// item whole, however wide.
    static func list(_ items: [String], to limit: Int, keepingFirst: Bool = false) -> String {
        let whole = items.joined(separator: ", ")
        guard items.count > 1 else { return keepingFirst ? whole : truncate(whole, to: limit) }
        if of(whole) <= limit { return whole }
        for shown in stride(from: items.count - 1, through: 1, by: -1) {
            let text = items.prefix(shown).joined(separator: ", ") + ", …, +\(items.count - shown)"
            if of(text) <= limit || (keepingFirst && shown == 1) { return text }
        }
        let count = ", +\(items.count - 1)"
        guard limit - of(count) >= 2 else { return truncate(whole, to: limit) }
        return truncate(items[0], to: limit - of(count)) + count
    }

    /// `text` in lines of at most `limit` columns, broken between words; a word wider than a
    /// line is broken where the line ends. An empty text is one empty line.
    static func wrap(_ text: String, to limit: Int) -> [String] {
        let limit = max(1, limit)
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var width = of(word)
            if used > 0, used + 1 + width <= limit {
                line += " " + word
                used += 1 + width
                continue
            }
            if used > 0 { lines.append(line) }
            (line, used) = ("", 0)
            // A word longer than a line fills lines of its own.
            while width > limit {
                var head = ""
                var headWidth = 0
                for character in word {
                    let characterWidth = of(String(character))
                    if headWidth + characterWidth > limit { break }
                    head.append(character)
                    headWidth += characterWidth
                }
                if head.isEmpty { break }
                lines.append(head)
                word.removeFirst(head.count)
                width = of(word)
            }
            (line, used) = (word, width)
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` padded with spaces to `columns`.
    static func pad(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }
}
