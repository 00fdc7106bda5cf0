internal import FrontMatter

/// What a caller changed in the custom keys of a book or a session since it was read: each key
/// whose value differs, with its new value, `nil` for a key removed.
///
/// Applied onto the keys as the file holds them now, so a key added or changed in the file
/// meanwhile stays (a stale copy replacing the whole list would drop it); a key both sides
/// changed to different values is a conflict. ``BookChanges`` and a session's update share it.
struct CustomKeyChanges {
    /// The keys changed, in the caller's order, with their new values; `nil` for a key removed.
    private(set) var changes: [(key: String, value: YAMLValue?)] = []

    /// The changes from `base` to `new`.
    init(from base: [YAMLValue.Entry], to new: [YAMLValue.Entry]) {
        for entry in new where !BookFormat.same(Self.value(of: entry.key, in: base), entry.value) {
            changes.append((entry.key, entry.value))
        }
        for entry in base where Self.value(of: entry.key, in: new) == nil {
            changes.append((entry.key, nil))
        }
    }

    /// Whether no custom key changed.
    var isEmpty: Bool { changes.isEmpty }

    /// The names of the keys changed.
    var keys: [String] { changes.map(\.key) }

    /// These changes less the removals: for a value not read from the library, whose missing
    /// keys say nothing of the file.
    var withoutRemovals: CustomKeyChanges {
        var kept = self
        kept.changes = changes.filter { $0.value != nil }
        return kept
    }

    /// The first key that `current` (the file now) changed since `base` to a value other than
    /// the caller's, or `nil` when both sides' changes can stand together.
    func conflict(base: [YAMLValue.Entry], current: [YAMLValue.Entry]) -> String? {
        changes.first { key, value in
            let now = Self.value(of: key, in: current)
            return !BookFormat.same(Self.value(of: key, in: base), now) && !BookFormat.same(now, value)
        }?.key
    }

    /// `current` with the changes made. A key new to the file goes after the nearest key before
    /// it in `order` (the caller's keys) that the file has, as the caller ordered them.
    func applied(to current: [YAMLValue.Entry], orderedAs order: [YAMLValue.Entry]) -> [YAMLValue.Entry] {
        var result = current
        for (key, value) in changes {
            if let index = result.firstIndex(where: { $0.key == key }) {
                if let value { result[index].value = value } else { result.remove(at: index) }
            } else if let value {
                let earlier = order.prefix { $0.key != key }.map(\.key).reversed()
                let previous = earlier.lazy.compactMap { name in result.firstIndex { $0.key == name } }.first
                result.insert(.init(key, value), at: previous.map { $0 + 1 } ?? result.count)
            }
        }
        return result
    }

    private static func value(of key: String, in entries: [YAMLValue.Entry]) -> YAMLValue? {
        entries.first { $0.key == key }?.value
    }
}
