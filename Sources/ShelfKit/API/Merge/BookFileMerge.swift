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
    ///   - conventions: The key map of a library adopted from notes (``conventions(ofLibraryHolding:)``),
    ///     whose status may be an item among a list's others; `nil` for a library of status folders.
    ///   - mergingLines: The line merge of the bodies.
    /// - Returns: `nil` when a version is not front matter that parses (broken YAML, or not
    ///   UTF-8), or a change cannot be written into our file: the caller merges the whole
    ///   file as lines instead.
    package static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], path: String,
                             conventions: NoteConventions? = nil, mergingLines: LineMerge) rethrows -> BookFileMerge? {
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
        var merged = front.document
        var conflicts = front.conflicts
        if let conventions, let conflict = statusConflict(in: merged, base: baseDocument, ours: ourDocument,
                                                          theirs: theirDocument, conventions: conventions) {
            let pair = YAMLValue.mapping([.init(FrontMatterMerge.oursKey, conflict.ours ?? .null),
                                          .init(FrontMatterMerge.theirsKey, conflict.theirs ?? .null)])
            guard (try? merged.setValue(pair, forKey: conflict.key)) != nil else { return nil }
            conflicts.append(conflict)
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
        return BookFileMerge(bytes: Array(merged.bytes[..<merged.bodyRange.lowerBound]) + body.bytes,
                             conflicts: conflicts, bodyConflicted: body.conflicted)
    }

    /// A status kept as an item of a list (`tags: [book, reading]`, or `status: [reading]`)
    /// that the two sides changed to different statuses: the lists merge as sets, which would
    /// keep both words and leave a book in two states, so the key conflicts as a scalar's
    /// would. `nil` when the status is not kept in a list, or the merge holds one status.
    private static func statusConflict(in merged: FrontMatterDocument, base: FrontMatterDocument?,
                                       ours: FrontMatterDocument, theirs: FrontMatterDocument,
                                       conventions: NoteConventions) -> FrontMatterMerge.Conflict? {
        let key: String
        switch conventions.status {
        case .tag(let name)?, .key(let name)?: key = name
        case .folder?, nil: return nil
        }
        func statuses(_ document: FrontMatterDocument?) -> Set<Status> {
            guard case .list? = document?.fields[key]?.value else {
                return Set((document?.fields[key]?.value.text).flatMap(conventions.status(named:)).map { [$0] } ?? [])
            }
            return Set((document?.fields[key]?.value.strings ?? []).compactMap(conventions.status(named:)))
        }
        let (old, mine, new) = (statuses(base), statuses(ours), statuses(theirs))
        guard statuses(merged).count > 1, mine != old, new != old, mine != new else { return nil }
        return FrontMatterMerge.Conflict(key: key, ours: ours.fields[key]?.value, theirs: theirs.fields[key]?.value)
    }
}

extension BookFileMerge {
    /// Whether the file at `path` (absolute, in a work tree) is one this merge is for: any
    /// Markdown file of a library of status folders, and in a library adopted from notes only
    /// its book notes and sessions — a vault's or a site's other notes keep git's own merge.
    /// - Parameter ours: Our version's bytes, which tell a book note from another in a folder
    ///   the library's `only` test sorts.
    package static func mergesAsBook(atPath path: String, ours: [UInt8]) -> Bool {
        guard let (root, notes) = adoptedLayout(ofLibraryHolding: path) else { return true }
        let relative = String(path.dropFirst(root.count + 1))
        if relative.hasPrefix(NoteLayout.sessionsPrefix) { return true }
        guard BookLocation(path: relative, notes: notes) != nil else { return false }
        guard let document = try? FrontMatterDocument(lenientBytes: ours, path: relative) else { return false }
        return NoteFormat.isBook(document, conventions: notes.conventions)
    }

    /// The key map of the library adopted from notes that holds `path` (absolute, in a work
    /// tree), for ``merge(base:ours:theirs:path:conventions:mergingLines:)``; `nil` for a
    /// library of status folders, or a path in no library.
    package static func conventions(ofLibraryHolding path: String) -> NoteConventions? {
        adoptedLayout(ofLibraryHolding: path)?.notes.conventions
    }

    private static func adoptedLayout(ofLibraryHolding path: String) -> (root: String, notes: NoteLayout)? {
        guard let root = LibraryLocator.enclosingLibrary(of: Path.parent(of: path)) else { return nil }
        guard let bytes = try? DiskStorage(root: root).read(LibraryConfiguration.path),
              let configuration = try? LibraryConfiguration(yaml: bytes), let notes = configuration.noteLayout else { return nil }
        return (root, notes)
    }
}
