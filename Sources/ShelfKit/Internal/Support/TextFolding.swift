internal import Foundation

/// Case- and diacritic-insensitive text, for searching and sorting the way people expect:
/// "garcia" finds "García", "émile" sorts with "Emile".
enum TextFolding {
    /// `text` lowercased with diacritics removed.
    static func fold(_ text: String) -> String {
        // Most text is ASCII; folding through Foundation is far slower than lowercasing it.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    /// Whether `text` contains `needle`, which must already be folded.
    static func contains(_ text: String, folded needle: String) -> Bool {
        needle.isEmpty || fold(text).contains(needle)
    }
}
