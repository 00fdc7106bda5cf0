internal import Foundation

/// How a ``Book`` is read from a note of an adopted library, and written back in the note's own
/// keys and words (``NoteConventions``). A library of status folders reads through
/// ``BookFormat`` alone; this is the same model read through the person's map.
enum NoteFormat {
    /// Keys too generic to be a finish date on their own: `date:` is the day a post was written
    /// as often as the day a book was read, so it counts only beside a status that says finished.
    static let genericDateKeys: Set<String> = ["date"]

    /// Keys that say a book's status with `true`, in notes that keep no status word.
    static let statusFlags: [(key: String, status: Status)] = [
        ("currently_reading", .reading), ("currentlyReading", .reading), ("reading", .reading),
        ("completed", .finished), ("finished", .finished), ("read", .finished),
        ("abandoned", .abandoned), ("dnf", .abandoned),
    ]

    /// The keys of an author's parts, in notes that keep the name in two keys.
    static let nameParts: [(first: String, last: String)] = [
        ("author_first_name", "author_last_name"), ("authorFirstName", "authorLastName"), ("author_first", "author_last"),
        ("first_name", "last_name"),
    ]

    /// Whether a note under the notes folder is a book by the library's test.
    static func isBook(_ document: FrontMatterDocument, conventions: NoteConventions) -> Bool {
        switch conventions.only {
        case nil: return true
        case .tag(let tag)?:
            // `tags: [book]`, Obsidian's `tag: 📚Book`, a nested `book/fiction`.
            let wanted = NoteConventions.fold(tag)
            let tags = ["tags", "tag"].flatMap { key in document[key].map(items) ?? [] }
            return tags.contains { tag in
                let folded = NoteConventions.fold(tag)
                return folded == wanted || folded.hasPrefix(wanted + "/") || folded.hasSuffix(wanted)
            }
        case .value(let key, let equals)?:
            guard let node = document[key] else { return false }
            return items(of: node).contains { NoteConventions.fold($0) == NoteConventions.fold(equals) }
        case .anyKey(let keys)?:
            return keys.contains { document[$0].map { !$0.isNull } ?? false }
        }
    }

    /// A key's items as text, a scalar as one. A key a merge left in conflict
    /// (`tags: {ours: [book, read], theirs: [book, dnf]}`) has both sides' items: a note that
    /// is a book on either side stays one, for `check` to report the conflict.
    private static func items(of node: YAMLNode) -> [String] {
        let value = node.value
        if case .mapping(let sides) = value, FrontMatterMerge.isConflict(value) {
            return sides.flatMap { $0.value.strings ?? [] }
        }
        return node.strings ?? node.text.map { [$0] } ?? []
    }

    // MARK: - Reading

    /// Reads the book a note records, leaving out values it cannot read (returned as problems
    /// for `check`). Every note has a title: its key's, its first heading's, or its file name.
    static func read(_ document: FrontMatterDocument, at location: BookLocation,
                     conventions: NoteConventions) -> (Book, [ShelfError]) {
        var reader = FieldReader(document)
        let body = reader.body
        var book = Book(id: BookID(location.slug), status: conventions.unstated, folder: location.folder,
                        path: location.path, title: "")
        var consumed: Set<String> = []
        let spellings = KeySpellings(document)
        // The body's fields, found once and only if a field needs them.
        var found: NoteValues.InlineFields?
        func inline() -> NoteValues.InlineFields {
            if let found { return found }
            let fields = NoteValues.InlineFields(body)
            found = fields
            return fields
        }
        for field in BookSchema.fields {
            let key = fileKey(for: field, in: document, conventions: conventions, spellings: spellings)
            let node = document[key]
            if node != nil { consumed.insert(key) }
            switch field.key {
            case "title":
                book.title = node?.text.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
                    ?? title(ofFile: location.slug, body: body)
            case "authors":
                book.authors = authors(in: document, key: key, inline: inline, consumed: &consumed)
                if book.authors.isEmpty { book.authors = authors(inTitle: book.title, fileName: location.slug) }
            case "started", "finished", "stopped", "added":
                guard let node, !node.isNull else { continue }
                guard let day = NoteValues.date(node) else {
                    if node.text?.isEmpty == false || node.strings?.isEmpty == false, !isEmptyLink(node) {
                        reader.reject(key, reason: "is not a date shelf can read, as 2024-12-18, \"[[2024-12-18]]\" or March 29, 2025")
                    }
                    continue
                }
                field.set(&book, .day(day))
            case "rating":
                guard let node, !node.isNull else { continue }
                if let rating = NoteValues.rating(node, scale: conventions.ratingScale) {
                    book.rating = rating
                } else if node.text.map({ !["0", "", "0.0"].contains($0.trimmingCharacters(in: .whitespaces)) }) ?? true {
                    reader.reject(key, reason: "is not a rating out of \(conventions.ratingScale) (notes.rating_scale)")
                }
            case "pages":
                guard let text = node?.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { continue }
                let digits = text.prefix { $0.isNumber }
                if let pages = Int(digits), pages > 0 { book.pages = pages }
            case "isbn":
                guard let text = node?.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { continue }
                book.isbn = text
            case "published":
                // `pubDatetime: May 2, 2017`, `publish: "1982"`: as dates are written.
                guard let node, !node.isNull else { continue }
                if let publication = Publication(node.value) {
                    book.published = publication
                } else if let day = NoteValues.date(node) {
                    book.published = day.precision == .day ? .day(day) : .year(day.year)
                } else {
                    reader.reject(key, reason: "is not a year or a date shelf can read")
                }
            case "cover":
                // `cover: {image: dune.jpg, caption: …}`, Astro's `{path: ./covers/dune.jpg, alt: …}`.
                guard let node, !node.isNull else { continue }
                if case .mapping(let map) = node {
                    book.cover = ["image", "path", "src", "url", "file"].lazy.compactMap { map[$0]?.text }.first
                } else {
                    book.cover = node.text
                }
            default:
                guard node != nil else { continue }
                field.set(&book, reader.value(of: field, at: key))
            }
        }
        // Dataview's inline fields (`Rating:: 4`, `Status:: Read`) where the front matter says nothing.
        readInlineFields(into: &book, inline: inline, conventions: conventions)
        // A generic `date:` is a finish only beside a stated finish.
        var stated = statedStatus(of: document, folder: location.folder, conventions: conventions, consumed: &consumed)
        if stated == nil, let word = inline()["status"] {
            stated = conventions.status(named: word) ?? NoteConventions.knownStatus(of: word)
        }
        if let key = conventions.keys["finished"], genericDateKeys.contains(key), stated != .finished {
            book.finished = nil
            consumed.remove(key)
        }
        book.status = stated ?? (book.finished != nil ? .finished : book.started != nil ? .reading : conventions.unstated)
        if case .folder? = conventions.status {
            // The status folder is the status, not one of the person's own folders.
            var parts = location.folder.split(separator: "/")
            if let first = parts.first, conventions.status(named: String(first)) != nil { parts.removeFirst() }
            book.folder = parts.joined(separator: "/")
        }
        book.extra = reader.extra { !consumed.contains($0) && !BookFormat.isBookKey($0) }
        book.body = body
        return (book, reader.errors)
    }

    /// `body` with the field `key`'s inline value (under any of its usual names) replaced by
    /// `value` as text, or `nil` when the body holds none.
    private static func replacingInlineField(_ key: String, in body: String, with value: YAMLValue) -> String? {
        guard ["rating", "started", "finished"].contains(key), body.contains(":") else { return nil }
        let text: String
        switch value {
        case .string(let string): text = string
        default: text = value.description
        }
        for name in NoteSurvey.candidates[key] ?? [] where !genericDateKeys.contains(name) {
            if let edited = NoteValues.replacingInlineField(name, in: body, with: text) { return edited }
        }
        return nil
    }

    /// The rating and dates a note writes in its body as fields (`Rating:: 4`,
    /// `Finished:: 2024-12-18`), for those its front matter does not hold.
    private static func readInlineFields(into book: inout Book, inline: () -> NoteValues.InlineFields,
                                         conventions: NoteConventions) {
        guard book.rating == nil || book.finished == nil || book.started == nil else { return }
        let fields = inline()
        func field(_ key: String) -> String? {
            for name in NoteSurvey.candidates[key] ?? [] where !genericDateKeys.contains(name) {
                if let text = fields[name] { return text }
            }
            return nil
        }
        if book.rating == nil, let text = field("rating") {
            book.rating = NoteValues.rating(text: text, scale: conventions.ratingScale)
        }
        if book.finished == nil, let text = field("finished") { book.finished = NoteValues.date(text: text) }
        if book.started == nil, let text = field("started") { book.started = NoteValues.date(text: text) }
    }

    /// The title of a note without a title key: the file's name when a person wrote it as a
    /// title (`A Theory of Justice.md`, as Obsidian names notes), else the body's first
    /// heading, else the name.
    private static func title(ofFile name: String, body: String) -> String {
        let written = name.contains(" ") || name.contains(where: \.isUppercase)
        if written { return name }
        return NoteValues.heading(inBody: body) ?? name
    }

    /// The author a title or file name gives when the note has no author key: "Frank Herbert -
    /// Dune", "A Mind for Numbers by Barbara Oakley".
    static func authors(inTitle title: String, fileName: String) -> [String] {
        for text in [title, fileName] {
            if let dash = text.range(of: " - ") ?? text.range(of: " – ") {
                let name = String(text[..<dash.lowerBound])
                if looksLikeName(name) { return [name] }
            }
            if let by = text.range(of: " by ", options: .backwards) {
                let name = String(text[by.upperBound...]).trimmingCharacters(in: .whitespaces)
                if looksLikeName(name) { return NoteValues.people(text: name) }
            }
        }
        return []
    }

    /// Two to four capitalised words, as a person's name is written.
    private static func looksLikeName(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        return (2...4).contains(words.count) && words.allSatisfy { word in
            word.first.map { $0.isUppercase } ?? false && !word.contains(where: \.isNumber)
        }
    }

    /// `dateRead: "[[]]"`: a template's empty link, which says nothing.
    private static func isEmptyLink(_ node: YAMLNode) -> Bool {
        node.text.map { $0.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
            .trimmingCharacters(in: .whitespaces).isEmpty } ?? false
    }

    /// The people the note names as authors: its key, two keys of a name's parts, or a field
    /// in the body (`Author:: …`, Readwise's `- Author: [[…]]`).
    private static func authors(in document: FrontMatterDocument, key: String, inline: () -> NoteValues.InlineFields,
                                consumed: inout Set<String>) -> [String] {
        let named = NoteValues.people(document[key])
        if !named.isEmpty { return named }
        for (first, last) in nameParts {
            let parts = [document[first]?.text, document[last]?.text].compactMap { $0?.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            if !parts.isEmpty {
                consumed.formUnion([first, last])
                return [parts.joined(separator: " ")]
            }
        }
        let fields = inline()
        for name in ["author", "authors", "by"] {
            if let text = fields[name] { return NoteValues.people(text: text) }
        }
        return []
    }

    /// The status the note states: in its status key or tag, or a flag such as
    /// `currently_reading: true`; `nil` when it states none.
    static func statedStatus(of document: FrontMatterDocument, folder: String, conventions: NoteConventions,
                             consumed: inout Set<String>) -> Status? {
        func named(_ word: String) -> Status? {
            conventions.status(named: word) ?? NoteConventions.knownStatus(of: word)
        }
        switch conventions.status {
        case .key(let key)?:
            if let node = document[key] {
                consumed.insert(key)
                for word in node.strings ?? node.text.map({ [$0] }) ?? [] {
                    if let status = named(word) { return status }
                }
            }
        case .tag(let key)?:
            for word in document[key]?.strings ?? [] {
                if let status = conventions.status(named: word) { return status }
            }
        case .folder?:
            if let first = folder.split(separator: "/").first, let status = conventions.status(named: String(first)) {
                return status
            }
        case nil:
            if let word = document["status"]?.text, let status = named(word) {
                consumed.insert("status")
                return status
            }
        }
        for (key, status) in statusFlags {
            if case .bool(true)? = document[key]?.value {
                consumed.insert(key)
                return status
            }
        }
        return nil
    }

    // MARK: - Checking

    /// What `check` says of a note besides its values' types: a field held under two keys with
    /// different values (shelf reads one, the person may mean the other), and a status word
    /// the map does not place.
    static func problems(of document: FrontMatterDocument, conventions: NoteConventions) -> [ShelfError] {
        var problems: [ShelfError] = []
        let reader = FieldReader(document)
        let spellings = KeySpellings(document)
        let taken = Set(conventions.keys.values)
        for field in BookSchema.fields {
            guard let candidates = NoteSurvey.candidates[field.key], ["authors", "started", "finished", "rating"].contains(field.key)
            else { continue }
            let used = fileKey(for: field, in: document, conventions: conventions, spellings: spellings)
            guard let value = document[used], !value.isNull else { continue }
            for key in document.fields.keys where key != used && !taken.contains(key) && !genericDateKeys.contains(key) {
                guard candidates.contains(where: { $0.lowercased() == key.lowercased() }), let other = document[key], !other.isNull
                else { continue }
                let differs: Bool
                switch field.key {
                case "authors": differs = NoteValues.people(other) != NoteValues.people(value) && !NoteValues.people(other).isEmpty
                case "rating": differs = NoteValues.rating(other, scale: conventions.ratingScale) != NoteValues.rating(value, scale: conventions.ratingScale)
                    && NoteValues.rating(other, scale: conventions.ratingScale) != nil
                default: differs = NoteValues.date(other) != NoteValues.date(value) && NoteValues.date(other) != nil
                }
                if differs {
                    problems.append(reader.invalid(key, reason: "holds the \(field.key) too, differently; shelf reads \(used) (notes.keys in .shelf/config.yaml)"))
                }
            }
        }
        if case .key(let key)? = conventions.status, let node = document[key] {
            let words = node.strings ?? node.text.map { [$0] } ?? []
            if !words.isEmpty, !words.contains(where: { conventions.status(named: $0) != nil || NoteConventions.knownStatus(of: $0) != nil }) {
                problems.append(reader.invalid(key, reason: "is no status shelf knows; add the word under notes.words in .shelf/config.yaml"))
            }
        }
        return problems
    }

    // MARK: - Writing

    /// The folder a note goes to when its status becomes `status`, in a library whose status
    /// is the first folder below the notes folder: that folder replaced by the person's word
    /// for the status (`Read/sci-fi` → `To Read/sci-fi`), or put in front when the note is in
    /// no status folder yet. `folder` unchanged in any other library.
    static func folder(for status: Status, from folder: String, conventions: NoteConventions) -> String {
        guard case .folder? = conventions.status else { return folder }
        var parts = folder.split(separator: "/").map(String.init)
        if let first = parts.first, conventions.status(named: first) != nil { parts.removeFirst() }
        return ([conventions.word(for: status)] + parts).joined(separator: "/")
    }

    /// The key that holds `field` in `document` under these conventions: the map's key, or
    /// when the note holds nothing there, the key the note does use among the usual ones
    /// (`Author:` in a library of `author:`), compared ignoring case. Reads and edits both
    /// come here, so an edit goes to the key the value was read from.
    static func fileKey(for field: BookField, in document: FrontMatterDocument, conventions: NoteConventions) -> String {
        fileKey(for: field, in: document, conventions: conventions, spellings: KeySpellings(document))
    }

    /// ``fileKey(for:in:conventions:)`` with the note's keys by their lowercased form, made once
    /// for all the fields of a note (a read looks up every field's usual keys).
    static func fileKey(for field: BookField, in document: FrontMatterDocument, conventions: NoteConventions,
                        spellings: KeySpellings) -> String {
        let mapped = conventions.keys[field.key] ?? field.fileKey(in: document)
        guard !holdsValue(document[mapped]), let candidates = NoteSurvey.candidates[field.key] else { return mapped }
        for candidate in candidates where !genericDateKeys.contains(candidate) {
            // A key the map gives another field is that field's.
            guard let key = spellings[candidate], conventions.keys[field.key] == key || !conventions.mapsKey(key),
                  holdsValue(document[key]) else { continue }
            if case .bool? = document[key]?.value { continue }
            return key
        }
        return mapped
    }

    /// A note's keys by their lowercased form, the first spelling of each.
    struct KeySpellings {
        private var keys: [String: String] = [:]

        init(_ document: FrontMatterDocument) {
            for key in document.fields.keys where keys[key.lowercased()] == nil { keys[key.lowercased()] = key }
        }

        subscript(key: String) -> String? { keys[key.lowercased()] }
    }

    private static func holdsValue(_ node: YAMLNode?) -> Bool {
        guard let node, !node.isNull else { return false }
        if let text = node.text { return !text.trimmingCharacters(in: .whitespaces).isEmpty }
        if let items = node.strings { return !items.isEmpty }
        return true
    }

    /// `document` edited from `current` to `new` in the note's own keys and words: a date in the
    /// style the note or the library writes dates, a rating on its scale, the status as the
    /// person's word in its key or tag. `nil` when nothing differs.
    static func edit(_ document: FrontMatterDocument, from current: Book, to new: Book,
                     conventions: NoteConventions) throws(ShelfError) -> FrontMatterDocument? {
        let spellings = KeySpellings(document)
        let fileKeys = BookSchema.fields.map { fileKey(for: $0, in: document, conventions: conventions, spellings: spellings) }
        var edits: [(key: String, value: YAMLValue?)] = []
        // A value the note keeps in its body as a field (`Rating:: 4`) is changed there.
        var body = new.body
        for (field, fileKey) in zip(BookSchema.fields, fileKeys) {
            let before = field.get(current), after = field.get(new)
            guard before != after else { continue }
            let value = written(after, of: field, existing: document[fileKey], conventions: conventions)
            if document[fileKey] == nil, let value, let edited = replacingInlineField(field.key, in: body, with: value) {
                body = edited
                continue
            }
            edits.append((fileKey, value))
        }
        if current.status != new.status {
            var consumed: Set<String> = []
            if statedStatus(of: document, folder: current.folder, conventions: conventions, consumed: &consumed) == nil,
               let edited = NoteValues.replacingInlineField("status", in: body, with: conventions.word(for: new.status)) {
                body = edited
            } else if let edit = statusEdit(to: new.status, in: document, conventions: conventions) {
                edits.append(edit)
            }
        }
        // A key the note lacks goes after its last key: the note's order is the person's.
        let existing = document.fields.keys
        let order = existing + (fileKeys + ["status"]).filter { !existing.contains($0) }
        return try DocumentWriting.edit(document, canonicalOrder: order, edits: edits, oldExtra: current.extra,
                                        newExtra: new.extra, oldBody: current.body, newBody: body)
    }

    /// A new note for `book`, in the library's keys and words: its title first, then each
    /// field as an edit adds it, its status where the library keeps statuses.
    static func newFile(_ book: Book, path: String, conventions: NoteConventions) throws(ShelfError) -> FrontMatterDocument {
        let titleKey = conventions.key(for: "title")
        var entries: [YAMLValue.Entry] = [.init(titleKey, .string(book.title))]
        // What makes a note a book in this library: its `type: book`, its `book` tag.
        var book = book
        switch conventions.only {
        case .value(let key, let equals)?: entries.append(.init(key, .string(equals)))
        case .tag(let tag)?: if !book.tags.contains(where: { NoteConventions.fold($0) == NoteConventions.fold(tag) }) { book.tags.insert(tag, at: 0) }
        case .anyKey?, nil: break
        }
        let document = try DocumentWriting.newFile(entries: entries, body: "", path: path)
        // Every field but the title differs from this blank, and so is written; its status is
        // none, so the book's is written too.
        let blank = Book(id: book.id, status: Status(""), folder: book.folder, path: path, title: book.title)
        return try edit(document, from: blank, to: book, conventions: conventions) ?? document
    }

    /// A field's new value as the note writes it.
    private static func written(_ value: BookValue?, of field: BookField, existing: YAMLNode?,
                                conventions: NoteConventions) -> YAMLValue? {
        guard let value else { return nil }
        switch (field.key, value) {
        case (_, .day(let day)):
            return NoteValues.written(date: day, style: conventions.dates, like: existing)
        case ("rating", .number(let rating)):
            return NoteValues.written(rating: rating, scale: conventions.ratingScale, fraction: conventions.ratingsAsFractions,
                                      like: existing)
        case ("authors", .textList(let names)):
            // One author in a key named in the singular, or already a single value, stays text.
            if names.count == 1, case .scalar(let scalar)? = existing {
                return .string(scalar.text.hasPrefix("[[") ? "[[\(names[0])]]" : names[0])
            }
            if names.count == 1, existing == nil, !conventions.key(for: "authors").hasSuffix("s") {
                return .string(names[0])
            }
            return value.yamlValue
        default:
            return value.yamlValue
        }
    }

    /// The edit that says `status` where the note keeps its status, in the person's word.
    private static func statusEdit(to status: Status, in document: FrontMatterDocument,
                                   conventions: NoteConventions) -> (key: String, value: YAMLValue?)? {
        let word = conventions.word(for: status)
        switch conventions.status {
        case .key(let key)?:
            if case .sequence? = document[key] { return (key, .list([.string(word)])) }
            return (key, .string(word))
        case .tag(let key)?:
            var tags = document[key]?.strings ?? []
            if let index = tags.firstIndex(where: { conventions.status(named: $0) != nil }) {
                tags[index] = word
            } else {
                tags.append(word)
            }
            return (key, .list(tags.map(YAMLValue.string)))
        case .folder?:
            // The note moves to the folder of its status (``folder(for:in:conventions:)``).
            return nil
        case nil:
            // A note without a status place says finished or reading by its dates; a status
            // the dates cannot say is written in a `status` key.
            if document["status"] != nil || ![Status.finished, .reading, conventions.unstated].contains(status) {
                return ("status", .string(word))
            }
            return nil
        }
    }
}
