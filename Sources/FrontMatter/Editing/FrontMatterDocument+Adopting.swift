/// Taking one key's entry from another version of the same file.
extension FrontMatterDocument {
    /// Sets `key` to the value it has in `other`, copying the entry's lines from `other` as
    /// written there — its quoting, list style and the comments under it — when they read back
    /// the same here, and otherwise writing the value in this file's style.
    ///
    /// A three-way merge uses this to take the other side's change of a key while keeping
    /// everything else of this side byte for byte.
    /// - Parameters:
    ///   - key: The top-level key; when `other` lacks it, the key is removed here.
    ///   - other: The version to take the entry from.
    ///   - after: The key to place a new key after; `nil` puts it first when `other` has it
    ///     first, else last.
    /// - Throws: ``FrontMatterError/unsupportedEdit(key:reason:_:)`` when neither way can be written.
    public mutating func adoptEntry(_ key: String, from other: FrontMatterDocument, after: String?) throws(FrontMatterError) {
        guard let theirs = other.fields.entry(key) else {
            try removeValue(forKey: key)
            return
        }
        if let splices = copiedEntrySplices(theirs, from: other, after: after) {
            let expected = theirs.value.value
            if (try? apply(firstValidOf: [splices], key: key, isIntended: { fields in
                fields[key].map { $0.value.isSameValue(as: expected) } ?? false
            })) != nil {
                return
            }
        }
        try setValue(theirs.value.value, forKey: key, after: after)
    }

    /// The splice that puts `entry`'s lines from `other` in place of this file's entry for the
    /// key, or after `after`; `nil` when either side is a flow mapping or the lines cannot be cut.
    private func copiedEntrySplices(_ entry: YAMLMapping.Entry, from other: FrontMatterDocument,
                                    after: String?) -> [ByteSplice]? {
        guard !fields.isFlow, !other.fields.isFlow, layout.hasFrontMatter,
              let extent = try? other.entryExtent(entry, key: entry.key, includingOwnComments: true) else { return nil }
        let lines = Self.convertingLineBreaks(Array(other.bytes[extent]), to: layout.lineBreak)
        if let ours = fields.entry(entry.key) {
            guard let range = try? entryExtent(ours, key: entry.key, includingOwnComments: true) else { return nil }
            return [ByteSplice(range, lines)]
        }
        let position: Int
        if let after, let previous = fields.entry(after) {
            guard let range = try? entryExtent(previous, key: after, includingOwnComments: true) else { return nil }
            position = range.upperBound
        } else if after == nil, other.fields.entries.first?.key == entry.key, let first = fields.entries.first {
            guard let range = try? entryExtent(first, key: first.key, includingOwnComments: false) else { return nil }
            position = range.lowerBound
        } else {
            position = layout.yaml.upperBound
        }
        return [ByteSplice(position..<position, lines)]
    }

    /// Lines with every line break written as `lineBreak` (`\n` or `\r\n`), in bytes.
    private static func convertingLineBreaks(_ bytes: [UInt8], to lineBreak: [UInt8]) -> [UInt8] {
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == carriageReturn, index + 1 < bytes.count, bytes[index + 1] == newline {
                result += lineBreak
                index += 2
            } else if bytes[index] == newline {
                result += lineBreak
                index += 1
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
