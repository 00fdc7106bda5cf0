/// How a library adopted from notes people already kept holds its books: which notes are books,
/// which of their keys hold each field, where the status lives and in which words. It is the
/// `notes:` map of `.shelf/config.yaml`, written by adopting a folder and editable by hand:
///
/// ```yaml
/// format: 2
/// notes:
///   folder: _books                 # where the book notes are ("" for the whole library)
///   only: {tag: book}              # of those, the notes that are books (absent: all of them)
///   keys: {title: title, authors: author, finished: date_read, started: started, rating: stars}
///   rating_scale: 5                # what the rating key counts to: 5, 10 or 100
///   rating_form: number            # or fraction: "4/5"
///   status: {key: status}          # or {tag: tags}, or absent: a finish date says finished
///   words: {finished: [read, done], reading: [currently-reading], to-read: [want-to-read], abandoned: [dnf]}
///   unstated: finished             # the status of a note that states none
///   dates: plain                   # how new dates are written: plain, quoted or link ("[[2024-12-18]]")
///   sessions: .shelf/sessions      # where reading sessions go, out of the site's and vault's way
///   names: slugs                   # new notes named the-left-hand-of-darkness.md, or titles: by the title
/// ```
///
/// A library without the map keeps its statuses in folders (format 1). A library with it keeps
/// each book where the person put it: changing a status edits one key (or tag) instead of moving
/// the file, and every edit goes to the key and in the words the note already uses.
package struct NoteConventions: Sendable, Hashable, Codable {
    /// The folder holding the book notes, relative to the library root; `""` for the root.
    package var folder: String
    /// Which notes under ``folder`` are books; `nil` when all of them are.
    package var only: BookTest?
    /// The key each field is held under, by the field's own key (`finished` → `date_read`).
    /// Fields not named keep their own key.
    package var keys: [String: String]
    /// What the rating key counts to; shelf shows ratings out of 5.
    package var ratingScale: Int
    /// Whether ratings are written as fractions, `"4/5"`, rather than numbers.
    package var ratingsAsFractions = false
    /// Where a note states its status; `nil` when no note does (a finish date still says finished).
    package var status: StatusPlace?
    /// The person's words for each status, the first of each the one written; compared ignoring
    /// case, spaces, `-` and `_`.
    package var words: [Status: [String]]
    /// The status of a note that states none and has no finish date.
    package var unstated: Status
    /// How a date shelf writes looks.
    package var dates: DateStyle
    /// Where reading sessions are kept, relative to the root, a folder per book below it.
    package var sessions: String
    /// How a new note's file is named.
    package var names: FileNames = .slugs

    /// How the notes' files are named.
    package enum FileNames: String, Sendable, Hashable, Codable {
        /// `the-left-hand-of-darkness.md`, as sites name pages.
        case slugs
        /// `The Left Hand of Darkness.md`, as Obsidian names notes.
        case titles
    }

    /// A test of which notes are books.
    package enum BookTest: Sendable, Hashable, Codable {
        /// Notes whose tags (`tags:` or the named key) include the tag.
        case tag(String)
        /// Notes whose key holds the value: `type: book`.
        case value(key: String, equals: String)
        /// Notes with at least one of these keys.
        case anyKey([String])
    }

    /// Where a note states its status.
    package enum StatusPlace: Sendable, Hashable, Codable {
        /// A key whose value is one of the words, or a list holding one: `status: read`.
        case key(String)
        /// A list key, usually `tags`, holding one of the words among others.
        case tag(String)
        /// The first folder below the notes folder, named in the person's words: `Books/Read/`,
        /// `Books/To Read/`. A change of status moves the note to the other folder.
        case folder
    }

    /// How a written date looks.
    package enum DateStyle: String, Sendable, Hashable, CaseIterable, Codable {
        /// `2024-12-18`
        case plain
        /// `"2024-12-18"`
        case quoted
        /// `"[[2024-12-18]]"`, a link to a daily note.
        case link
    }

    /// Creates conventions; the defaults are those of notes that use shelf's own keys.
    package init(folder: String = "", only: BookTest? = nil, keys: [String: String] = [:], ratingScale: Int = 5,
                status: StatusPlace? = nil, words: [Status: [String]] = [:], unstated: Status = .finished,
                dates: DateStyle = .plain, sessions: String = NoteConventions.defaultSessions) {
        self.folder = folder
        self.only = only
        self.keys = keys
        self.ratingScale = ratingScale
        self.status = status
        self.words = words
        self.unstated = unstated
        self.dates = dates
        self.sessions = sessions
    }

    /// `.shelf/sessions`: hidden, so site generators and Obsidian neither publish nor list it.
    package static let defaultSessions = ".shelf/sessions"

    /// The key that holds the field `key` in these notes.
    package func key(for field: String) -> String {
        keys[field] ?? field
    }

    /// Whether the map names `key` as some field's key.
    func mapsKey(_ key: String) -> Bool {
        keys.values.contains(key)
    }

    /// The status a word of the person's names, if any; shelf's own names of the statuses
    /// (`to-read`, `abandoned`) too, which it writes for a status the person has no word for.
    package func status(named word: String) -> Status? {
        let folded = Self.fold(word)
        for (status, names) in words where names.contains(where: { Self.fold($0) == folded }) { return status }
        return LibraryConfiguration.defaultStatuses.first { Self.fold($0.name) == folded }
    }

    /// The word written for `status`: the person's first, else the status's own name.
    package func word(for status: Status) -> String {
        words[status]?.first ?? status.name
    }

    /// Words people use for each status, in English and the languages of notes shelf has met:
    /// what adopting a folder recognises, and what a note is read by when it uses a word its
    /// library's map does not list yet.
    package static let knownWords: [Status: [String]] = [
        .finished: ["read", "finished", "done", "completed", "complete", "lido", "leído", "leido", "lu", "lue", "gelesen",
                    "letto", "gelezen", "przeczytane", "прочитано", "прочитана", "已读", "读过", "读完", "読了", "読んだ",
                    "읽음", "완독", "okundu", "okudum", "läst", "læst", "lest", "luettu"],
        .reading: ["reading", "currently-reading", "current", "in-progress", "started", "paused", "on-hold", "lendo",
                   "leyendo", "en-cours", "en-lecture", "lese", "am-lesen", "in-lettura", "sto-leggendo", "aan-het-lezen",
                   "czytam", "читаю", "在读", "正在读", "読書中", "読んでる", "읽는중", "읽는-중", "okunuyor", "okuyorum", "läser",
                   "læser", "leser", "lukemassa"],
        .toRead: ["to-read", "want-to-read", "tbr", "wishlist", "want", "unread", "not-started", "na-lista", "quero-ler",
                  "para-ler", "queue", "queued", "planned", "por-leer", "pendiente", "à-lire", "a-lire", "zu-lesen", "ungelesen",
                  "da-leggere", "te-lezen", "wil-lezen", "do-przeczytania", "хочу-прочитать", "想读", "未读", "積読",
                  "読みたい", "읽기전", "읽을-책", "okunacak", "att-läsa", "lukematta"],
        .abandoned: ["abandoned", "dnf", "did-not-finish", "dropped", "gave-up", "quit", "stopped", "abandonado",
                     "abandonné", "abgebrochen", "abbandonato", "gestopt", "porzucone", "брошено", "弃读", "中断",
                     "중단", "okunmadı"],
    ]

    /// The status a word means among ``knownWords``, if any.
    package static func knownStatus(of word: String) -> Status? {
        let folded = fold(word)
        for (status, names) in knownWordsFolded where names.contains(folded) { return status }
        return nil
    }

    private static let knownWordsFolded = knownWords.mapValues { Set($0.map(fold)) }

    /// A word compared: lowercased, its letters and digits alone (`Currently Reading`,
    /// `currently-reading`, `#to_read` and `✅ Read` compare as the words they are), and of a
    /// nested tag (`books/read`) its last part.
    static func fold(_ word: String) -> String {
        let last = word.split(separator: "/").last.map(String.init) ?? word
        let kept = last.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        return String(String.UnicodeScalarView(kept))
    }
}
