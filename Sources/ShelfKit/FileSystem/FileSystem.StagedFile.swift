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
    }
}
