import FrontMatter

/// A three-way merge of one library file — a book or a reading session — from the bytes of
/// the common ancestor and the two sides, as a git merge driver needs it.
///
/// The front matter merges key by key (``FrontMatterMerge``): keys changed on different sides
/// never conflict, lists merge as sets, and the result is our file with the other side's
/// changes spliced in. The body merges line by line through `mergingLines`, which the caller
/// provides (the CLI runs `git merge-file`), and only when both sides changed it.
package struct BookFileMerge: Sendable {
    /// The merged file.
    package let bytes: [UInt8]
    /// Keys changed to different values on each side, written as `key: {ours: …, theirs: …}`.
    package let conflicts: [FrontMatterMerge.Conflict]
    /// Whether the line merge of the bodies left conflict markers.
    package let bodyConflicted: Bool

    /// Whether the merge needs a person: a key or the body conflicted.
    package var isClean: Bool { conflicts.isEmpty && !bodyConflicted }

    /// The bodies of the three versions, for a line merge: the merged bytes and whether they
    /// hold conflict markers.
    package typealias LineMerge = (_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) throws -> (bytes: [UInt8], conflicted: Bool)

    /// Merges three versions of a file.
    /// - Parameters:
    ///   - base: The common ancestor; empty when both sides added the file.
    ///   - ours: Our version, which the result keeps the formatting of.
    ///   - theirs: The version being merged in.
    ///   - path: The file's path, for messages.
    ///   - mergingLines: The line merge of the bodies.
    /// - Returns: `nil` when a version is not front matter that parses (broken YAML, or not
    ///   UTF-8), or a change cannot be written into our file: the caller merges the whole
    ///   file as lines instead.
    package static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], path: String,
                             mergingLines: LineMerge) rethrows -> BookFileMerge? {
        guard let ourDocument = try? FrontMatterDocument(bytes: ours, path: path),
              let theirDocument = try? FrontMatterDocument(bytes: theirs, path: path) else { return nil }
        let baseDocument: FrontMatterDocument?
        if base.isEmpty {
            baseDocument = nil
        } else {
            guard let parsed = try? FrontMatterDocument(bytes: base, path: path) else { return nil }
            baseDocument = parsed
        }
        guard let front = try? FrontMatterMerge(base: baseDocument, ours: ourDocument, theirs: theirDocument) else {
            return nil
        }
        let baseBody = baseDocument.map { Array($0.bytes[$0.bodyRange]) } ?? []
        let ourBody = Array(ourDocument.bytes[ourDocument.bodyRange])
        let theirBody = Array(theirDocument.bytes[theirDocument.bodyRange])
        let body: (bytes: [UInt8], conflicted: Bool)
        if ourBody == theirBody || theirBody == baseBody {
            body = (ourBody, false)
        } else if ourBody == baseBody {
            body = (theirBody, false)
        } else {
            body = try mergingLines(baseBody, ourBody, theirBody)
        }
        let merged = front.document
        return BookFileMerge(bytes: Array(merged.bytes[..<merged.bodyRange.lowerBound]) + body.bytes,
                             conflicts: front.conflicts, bodyConflicted: body.conflicted)
    }
}

extension BookFileMerge {
    /// Whether the file at `path` (absolute, in a work tree) is one this merge is for: any
    /// Markdown file of a library of status folders, and in a library adopted from notes only
    /// its book notes and sessions — a vault's or a site's other notes keep git's own merge.
    /// - Parameter ours: Our version's bytes, which tell a book note from another in a folder
    ///   the library's `only` test sorts.
    package static func mergesAsBook(atPath path: String, ours: [UInt8]) -> Bool {
        guard let root = LibraryLocator.enclosingLibrary(of: Path.parent(of: path)) else { return true }
        let storage = DiskStorage(root: root)
        guard let bytes = try? storage.read(LibraryConfiguration.path),
              let configuration = try? LibraryConfiguration(yaml: bytes), let notes = configuration.noteLayout else { return true }
        let relative = String(path.dropFirst(root.count + 1))
        if relative.hasPrefix(NoteLayout.sessionsPrefix) { return true }
        guard BookLocation(path: relative, notes: notes) != nil else { return false }
        guard let document = try? FrontMatterDocument(lenientBytes: ours, path: relative) else { return false }
        return NoteFormat.isBook(document, conventions: notes.conventions)
    }
}
