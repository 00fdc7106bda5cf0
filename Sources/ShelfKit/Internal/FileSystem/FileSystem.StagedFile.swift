extension FileSystem {
    /// New bytes written and flushed to a temporary file beside their target, not yet in
    /// place: ``FileSystem/commit(_:)`` renames it over the target,
    /// ``FileSystem/commitExclusively(_:)`` puts it there only if the name is free, and
    /// ``FileSystem/discard(_:)`` removes it.
    struct StagedFile: Sendable, Hashable {
        /// The temporary file, absolute.
        var temporary: String
        /// Where it goes, absolute.
        var target: String
        /// The temporary file's inode, to tell it from another file put at its name.
        var inode: Int64 = -1

        /// `.<name>.<pid>.<attempt>.tmp`: hidden, so walks pass it over, and named after its
        /// target and writer, so the next lock holder can tell what a killed writer left.
        static func temporaryName(for name: String, process: Int32, attempt: Int) -> String {
            "." + name + ".\(process).\(attempt).tmp"
        }

        /// Whether `entry` is a name ``temporaryName(for:process:attempt:)`` gives for `name`.
        static func isTemporaryName(_ entry: String, for name: String) -> Bool {
            let prefix = "." + name + "."
            guard entry.hasPrefix(prefix), entry.hasSuffix(".tmp") else { return false }
            let middle = entry.dropFirst(prefix.count).dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
            return middle.count == 2 && middle.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        }
    }
}
