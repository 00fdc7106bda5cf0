/// What a caller changed in a book since it was read: the book keys, the custom keys and the
/// body whose values differ from the version read.
///
/// An update applies these, and nothing else, onto the book as its file holds it now, so a key
/// changed in the file meanwhile (by an editor, git, another copy of the book in the same app)
/// keeps its new value. A key changed on both sides to different values is a conflict.
struct BookChanges {
    /// The book keys changed.
    private(set) var fields: [BookField] = []
    /// The custom keys changed.
    private(set) var extra: CustomKeyChanges
    /// Whether the body changed.
    private(set) var body = false

    /// The changes from `base` to `new`.
    init(from base: Book, to new: Book) {
        fields = BookSchema.fields.filter { !BookFormat.same($0.value(base), $0.value(new)) }
        extra = CustomKeyChanges(from: base.extra, to: new.extra)
        body = base.body != new.body
    }

    /// Whether nothing changed.
    var isEmpty: Bool { fields.isEmpty && extra.isEmpty && !body }

    /// These changes less the removals: the values `new` gives, for a book not read from the
    /// library (built by hand, as a form builds one), whose empty fields say nothing of the file.
    /// Such a book can set keys but never delete one; removing takes a copy read from the library.
    func givenIn(_ new: Book) -> BookChanges {
        var given = self
        given.fields = fields.filter { field in
            switch field.value(new) {
            case nil, .list([])?, .string("")?: false
            default: true
            }
        }
        given.extra = extra.withoutRemovals
        given.body = body && !new.body.isEmpty
        return given
    }

    /// The names of the keys changed, book keys first; `body` for the body.
    var keys: [String] {
        fields.map(\.key) + extra.keys + (body ? ["body"] : [])
    }

    /// The first key that `current` (the file now) changed since `base` to a value other than
    /// the one in `new`, or `nil` when the changes can be applied without losing either side's.
    func conflict(base: Book, current: Book, new: Book) -> String? {
        func clashes(_ old: YAMLValue?, _ now: YAMLValue?, _ mine: YAMLValue?) -> Bool {
            !BookFormat.same(old, now) && !BookFormat.same(now, mine)
        }
        for field in fields where clashes(field.value(base), field.value(current), field.value(new)) {
            return field.key
        }
        if let key = extra.conflict(base: base.extra, current: current.extra) { return key }
        if body, base.body != current.body, current.body != new.body { return "body" }
        return nil
    }

    /// `current` with the changed values taken from `new`. A custom key that is new to the
    /// file goes after the key before it in `new`, as the caller ordered them.
    func applied(to current: Book, from new: Book) -> Book {
        var result = current
        for field in fields { field.copy(&result, new) }
        result.extra = extra.applied(to: current.extra, orderedAs: new.extra)
        if body { result.body = new.body }
        return result
    }
}
