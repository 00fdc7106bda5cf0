internal import Foundation

/// The files of a library found by walking its status folders, before any is read.
///
/// Walking only reads directory entries, which is cheap even at 100,000 books; slugs and paths
/// answer most lookups without parsing a file.
struct LibraryWalk: Sendable {
    /// Book files, in path order (by UTF-8 bytes), or in the order the walk met them when it
    /// was made for a refresh (``walkInParallel(_:statuses:includeSessions:collectInfo:statsSessions:inPathOrder:)``).
    var books: [BookLocation] = []
    /// Size, modification time and inode of each book in ``books``, at the same position, when
    /// the walk was asked to collect them (for the index). Kept beside the locations rather than
    /// in a dictionary by path: the refresh visits every book anyway, and building and hashing
    /// 100,000 path strings was a large share of a warm query.
    var bookInfo: [FileSystem.FileInfo?] = []
    /// Session folder path → the names of the files in it.
    var sessionFiles: [String: [String]] = [:]
    /// Session folder path → the info of each file in ``sessionFiles``, at the same position,
    /// when collected.
    var sessionInfo: [String: [FileSystem.FileInfo?]] = [:]
    /// Folders that hold only session-named files but have no book beside them.
    var orphanSessionFolders: [String] = []
    /// A problem for each folder that could not be listed (no permission, an I/O error): its
    /// books are left out, and everything else is still listed, checked and indexed.
    var unreadableFolders: [Problem] = []
    /// A problem for each book iCloud Drive has not downloaded yet (its placeholder,
    /// `.<slug>.md.icloud`, is all the folder holds of it).
    var notDownloaded: [Problem] = []
    /// Whether a book file or folder the walk took is a symbolic link: watchman does not follow
    /// links, so it cannot vouch for what they point at (``LibraryIndex``'s refresh then keeps
    /// walking).
    var followsLinks = false
    /// Slug → the position in ``books`` of the first book with it. One integer a book rather
    /// than an array of locations each: making and freeing 10,000 one-element arrays took
    /// some 3 ms of a warm list of 10,000 books.
    private var bookBySlug: [String: Int] = [:]
    /// Slug → the positions in ``books`` of every book with it, for the slugs more than one
    /// book has.
    private var sharedSlugs: [String: [Int]] = [:]
    private var collectInfo = false
    /// The conventions of an adopted library, whose single "status" is its notes folder.
    private var notes: NoteLayout?
    /// Whether ``collectInfo`` covers session files too: not when they will only be read.
    private var statsSessions = true

    /// Walks the status folders under `base` (`""` for the library, a trash folder for restore).
    /// Hidden entries and files other than `.md` are skipped; a folder beside a book with the
    /// same name holds the book's sessions and is only listed when `includeSessions` is set.
    static func walk(_ storage: some LibraryStorage, base: String = "", statuses: [Status], notes: NoteLayout? = nil,
                     includeSessions: Bool, collectInfo: Bool = false) throws(ShelfError) -> LibraryWalk {
        let roots = notes.map { [$0.root] } ?? statuses
        var (listing, folders) = try top(storage, base: base, statuses: roots, notes: notes, includeSessions: includeSessions,
                                         collectInfo: collectInfo)
        for folder in folders {
            listing.append(try walkOne(folder, storage, base: base, notes: notes, includeSessions: includeSessions,
                                       collectInfo: collectInfo).get())
        }
        if let notes, includeSessions { try listing.listNoteSessions(storage, notes: notes) }
        listing.finish()
        return listing
    }

    /// The session folders of an adopted library, kept under ``NoteLayout/sessionsPrefix``
    /// by the path of their book: a folder holding session-named files is one book's.
    private mutating func listNoteSessions(_ storage: some LibraryStorage, notes: NoteLayout) throws(ShelfError) {
        var pending = [String(NoteLayout.sessionsPrefix.dropLast())]
        guard storage.isDirectory(pending[0]) else { return }
        let withInfo = collectInfo && statsSessions
        while let folder = pending.popLast() {
            let entries: [FileSystem.Entry]
            do throws(ShelfError) {
                entries = try withInfo ? storage.entriesWithInfo(in: folder) : storage.entries(in: folder)
            } catch .io(_, let operation, let message) {
                unreadableFolders.append(Problem(path: folder + "/", line: 0, column: 0,
                                                 message: "cannot read this session folder (\(operation): \(message)); "
                                                    + "its sessions are left out until it can be read"))
                continue
            }
            let files = entries.filter { $0.kind == .file && SessionFileName($0.name) != nil }
            if !files.isEmpty {
                sessionFiles[folder] = files.map(\.name)
                if withInfo { sessionInfo[folder] = files.map(\.info) }
            }
            pending += entries.filter { $0.kind == .directory && !$0.name.hasPrefix(".") }.map { folder + "/" + $0.name }
        }
    }

    /// ``walk(_:base:statuses:includeSessions:collectInfo:)`` on all cores: a warm index refresh
    /// is bound by `getdents` and `fstatat`, which run in parallel in the kernel. In path order,
    /// the listing is the same as the one-thread walk's.
    ///
    /// Each folder's subfolders are shared out evenly among some tasks as soon as it is
    /// listed, without waiting for the rest of its level: handing each core whole subtrees
    /// left one core with most of the work, as one genre folder can hold most of a library, and
    /// walking level by level left cores idle at the end of each level.
    ///
    /// With `statsSessions` false, session files are listed without their info even when
    /// `collectInfo` is set: an index that reads them all next compares none of them. Without
    /// `inPathOrder`, the books stay in the order the walk met them, which is all a refresh of
    /// an index needs: sorting 10,000 paths was 3 ms of a warm list.
    static func walkInParallel(_ storage: some LibraryStorage, statuses: [Status], notes: NoteLayout? = nil,
                               includeSessions: Bool, collectInfo: Bool, statsSessions: Bool = true,
                               inPathOrder: Bool = true) async throws(ShelfError) -> LibraryWalk {
        // The status folders come first, one task each, so that they too are listed on all cores.
        let statusFolders = (notes.map { [$0.root] } ?? statuses).map { status in
            Folder(path: status.name, name: status.name, status: status, folder: "", bookNames: [], isStatus: true)
        }
        // Some eight tasks a core for the subfolders of a folder, so that a task with large
        // folders does not hold up the rest.
        let tasksPerFolder = ProcessInfo.processInfo.activeProcessorCount * 8
        let (parts, failures) = await withTaskGroup(of: Result<(LibraryWalk, [Folder]), FolderFailure>.self) { group in
            var pending = statusFolders.map { [$0] }
            var parts: [LibraryWalk] = []
            var failures: [FolderFailure] = []
            while true {
                for folders in pending {
                    group.addTask {
                        visitPart(folders, storage, notes: notes, includeSessions: includeSessions, collectInfo: collectInfo,
                                  statsSessions: statsSessions)
                    }
                }
                pending = []
                guard let result = await group.next() else { break }
                switch result {
                case .success(let (part, subfolders)):
                    parts.append(part)
                    let taskCount = min(subfolders.count, tasksPerFolder)
                    pending = (0..<taskCount).map { task in stride(from: task, to: subfolders.count, by: taskCount).map { subfolders[$0] } }
                case .failure(let failure):
                    failures.append(failure)
                }
            }
            return (parts, failures)
        }
        // Parts finish in any order; of several folders that could not be listed, the first by
        // path is reported, the same every time.
        if let failure = failures.min(by: { ByteOrder.precedes($0.path, $1.path) }) { throw failure.error }
        var listing = LibraryWalk(merging: parts, collectInfo: collectInfo)
        listing.statsSessions = statsSessions
        if let notes, includeSessions { try listing.listNoteSessions(storage, notes: notes) }
        listing.finish(inPathOrder: inPathOrder)
        return listing
    }

    /// A folder the parallel walk could not list, and why.
    private struct FolderFailure: Error {
        var path: String
        var error: ShelfError
    }

    /// Some folders of the parallel walk, one task's share: their books, sessions or orphaned
    /// sessions, and the folders under them still to walk. Stops at the first folder that
    /// cannot be listed.
    private static func visitPart(_ folders: [Folder], _ storage: some LibraryStorage, notes: NoteLayout?, includeSessions: Bool,
                                  collectInfo: Bool, statsSessions: Bool) -> Result<(LibraryWalk, [Folder]), FolderFailure> {
        var part = LibraryWalk()
        part.collectInfo = collectInfo
        part.notes = notes
        part.statsSessions = statsSessions
        var subfolders: [Folder] = []
        for folder in folders {
            do throws(ShelfError) {
                subfolders += try part.visitFolder(storage, folder, base: "", includeSessions: includeSessions)
            } catch {
                return .failure(FolderFailure(path: folder.path, error: error))
            }
        }
        return .success((part, subfolders))
    }

    /// The books directly in the status folders, and the folders under them still to walk.
    private static func top(_ storage: some LibraryStorage, base: String, statuses: [Status], notes: NoteLayout?,
                            includeSessions: Bool, collectInfo: Bool) throws(ShelfError) -> (LibraryWalk, [Folder]) {
        var listing = LibraryWalk()
        listing.collectInfo = collectInfo
        listing.notes = notes
        var pending: [Folder] = []
        for status in statuses {
            let directory = Path.joined(base, status.name)
            let entries = try listing.list(storage, directory)
            pending += listing.visitFiles(directory: directory, entries: entries, status: status, folder: "",
                                          includeSessions: includeSessions)
        }
        return (listing, pending)
    }

    /// The session-named files listed in `book`'s session folder: each file's name and the day
    /// and sequence it names. Other files there are not sessions and are left out.
    func sessionNames(of book: BookLocation) -> [(file: String, name: SessionFileName)] {
        (sessionFiles[book.sessionFolder] ?? []).compactMap { file in SessionFileName(file).map { (file, $0) } }
    }

    /// The books with `slug`, in path order; more than one is a duplicate.
    func locations(withSlug slug: String) -> [BookLocation] {
        if let shared = sharedSlugs[slug] { return shared.map { books[$0] } }
        return bookBySlug[slug].map { [books[$0]] } ?? []
    }

    /// Every slug of a book.
    var slugs: Dictionary<String, Int>.Keys { bookBySlug.keys }

    /// The slugs more than one book has, in order, each with its books in path order.
    var duplicateSlugs: [(slug: String, locations: [BookLocation])] {
        sharedSlugs.keys.sorted().map { slug in (slug, (sharedSlugs[slug] ?? []).map { books[$0] }) }
    }

    /// Sorts the books by path, unless told not to, and indexes them by slug.
    private mutating func finish(inPathOrder: Bool = true) {
        if inPathOrder {
            let order = Self.pathOrder(of: books)
            books = order.map { books[$0] }
            if collectInfo { bookInfo = order.map { bookInfo[$0] } }
        }
        bookBySlug.reserveCapacity(books.count)
        for (position, location) in books.enumerated() {
            guard let first = bookBySlug[location.slug] else {
                bookBySlug[location.slug] = position
                continue
            }
            sharedSlugs[location.slug, default: [first]].append(position)
        }
        if !inPathOrder {
            // The few books that share a slug are still listed in path order, so that the
            // problem naming them reads the same every time.
            for (slug, positions) in sharedSlugs {
                sharedSlugs[slug] = positions.sorted { ByteOrder.precedes(books[$0].path, books[$1].path) }
            }
        }
        // Walks in parallel meet them in another order.
        orphanSessionFolders.sort()
        unreadableFolders.sort()
        notDownloaded.sort()
    }

    /// The positions of `books` in the order of their paths' UTF-8 bytes (``ByteOrder``), the
    /// order the index reads books in.
    ///
    /// The paths are written once into one buffer and compared with `memcmp`: building a
    /// `String` for each and sorting with `<`, which compares Unicode scalars, took 4 ms of a
    /// warm list of 10,000 books.
    private static func pathOrder(of books: [BookLocation]) -> [Int] {
        var bytes: [UInt8] = []
        var ranges: [(start: Int, count: Int)] = []
        ranges.reserveCapacity(books.count)
        for location in books {
            let start = bytes.count
            bytes += location.status.name.utf8
            if !location.folder.isEmpty {
                bytes.append(UInt8(ascii: "/"))
                bytes += location.folder.utf8
            }
            bytes.append(UInt8(ascii: "/"))
            bytes += location.slug.utf8
            bytes += location.isBundle ? "/index.md".utf8 : ".md".utf8
            ranges.append((start, bytes.count - start))
        }
        return bytes.withUnsafeBytes { buffer in
            books.indices.sorted { left, right in
                let (a, b) = (ranges[left], ranges[right])
                return ByteOrder.precedes(UnsafeRawBufferPointer(rebasing: buffer[a.start..<a.start + a.count]),
                                          UnsafeRawBufferPointer(rebasing: buffer[b.start..<b.start + b.count]))
            }
        }
    }

    /// A folder found under a status folder, still to be walked, with the names of the books
    /// beside it (to tell a book's session folder from a folder of books).
    private struct Folder: Sendable {
        var path: String
        var name: String
        var status: Status
        var folder: String
        var bookNames: Set<String>
        /// A status folder, whose files are all books and whose folder is `""`.
        var isStatus = false
    }

    /// The partial listing of one folder and everything under it.
    private static func walkOne(_ folder: Folder, _ storage: some LibraryStorage, base: String, notes: NoteLayout?,
                                includeSessions: Bool, collectInfo: Bool) -> Result<LibraryWalk, ShelfError> {
        var part = LibraryWalk()
        part.collectInfo = collectInfo
        part.notes = notes
        do throws(ShelfError) {
            try part.visit(storage, folder, base: base, includeSessions: includeSessions)
            return .success(part)
        } catch {
            return .failure(error)
        }
    }

    /// The parts of a parallel walk as one listing, in their order. Each array is made once at
    /// its full size: growing it part by part copied the 10,000 books of a warm refresh some
    /// twice, into fresh pages each time.
    private init(merging parts: [LibraryWalk], collectInfo: Bool) {
        self.collectInfo = collectInfo
        books.reserveCapacity(parts.reduce(0) { $0 + $1.books.count })
        bookInfo.reserveCapacity(parts.reduce(0) { $0 + $1.bookInfo.count })
        for part in parts { append(part) }
    }

    private init() {}

    /// The book files a walk would list, known without one (from an index a watcher vouches
    /// for): their slugs and paths alone, no session files.
    init(books: [BookLocation]) {
        self.books = books
        finish()
    }

    private mutating func append(_ part: LibraryWalk) {
        books += part.books
        bookInfo += part.bookInfo
        sessionFiles.merge(part.sessionFiles) { first, _ in first }
        sessionInfo.merge(part.sessionInfo) { first, _ in first }
        orphanSessionFolders += part.orphanSessionFolders
        unreadableFolders += part.unreadableFolders
        notDownloaded += part.notDownloaded
        followsLinks = followsLinks || part.followsLinks
    }

    /// Records the books in one folder and returns its subfolders, still to be walked. A
    /// book's session folder is among them only with `includeSessions`: a walk without
    /// sessions never visits the one folder a book with sessions has.
    private mutating func visitFiles(directory: String, entries: [FileSystem.Entry], status: Status,
                                     folder: String, includeSessions: Bool) -> [Folder] {
        var bookNames: Set<String> = []
        if entries.contains(where: { $0.isLink && $0.kind != .other }) { followsLinks = true }
        // A page bundle in an adopted library: the folder is the book, its `index.md` the
        // note, the rest its images and resources.
        if notes != nil, !folder.isEmpty,
           let index = entries.first(where: { $0.kind == .file && $0.name == NoteLayout.bundleIndex }) {
            if collectInfo { bookInfo.append(index.info) }
            var location = BookLocation(status: status, folder: Path.parent(of: folder), slug: Path.name(of: folder), notes: notes)
            location.isBundle = true
            books.append(location)
            return []
        }
        for entry in entries where entry.kind == .file {
            // A book iCloud Drive has not downloaded to this device is a hidden stand-in,
            // `.dune.md.icloud`: said, never passed over as a hidden file.
            if let slug = Self.slug(ofICloudPlaceholder: entry.name) {
                notDownloaded.append(Problem(path: Path.joined(directory, slug + ".md"), line: 0, column: 0,
                                             message: "in iCloud, not downloaded to this device yet (\(entry.name)); "
                                                 + "it is read once it is downloaded"))
                continue
            }
            guard let slug = Self.slug(ofBookFile: entry.name) else { continue }
            if notes != nil, NoteLayout.isSkipped(fileName: entry.name) { continue }
            bookNames.insert(slug)
            if collectInfo { bookInfo.append(entry.info) }
            books.append(BookLocation(status: status, folder: folder, slug: slug, notes: notes))
        }
        return entries.compactMap { entry in
            guard entry.kind == .directory, entry.name.utf8.first != UInt8(ascii: "."),
                  includeSessions || notes != nil || !bookNames.contains(entry.name) else { return nil }
            return Folder(path: Path.joined(directory, entry.name), name: entry.name, status: status, folder: folder,
                          bookNames: notes == nil ? bookNames : [])
        }
    }

    /// The slug of the book an iCloud placeholder stands for, `.<slug>.md.icloud`; `nil` for any
    /// other name.
    static func slug(ofICloudPlaceholder name: String) -> String? {
        // The first byte first: the walk asks of every name in the library.
        guard name.utf8.first == UInt8(ascii: "."), name.hasSuffix(".md.icloud") else { return nil }
        let slug = name.dropFirst().dropLast(".md.icloud".count)
        return slug.isEmpty || slug.hasPrefix(".") ? nil : String(slug)
    }

    /// The slug of a book file's name, `<slug>.md`; `nil` for a hidden file or another name.
    /// Compared as UTF-8 bytes: a walk looks at every name in the library.
    static func slug(ofBookFile name: String) -> String? {
        let bytes = name.utf8
        guard bytes.count > 3, bytes.first != UInt8(ascii: ".") else { return nil }
        let suffix = bytes.index(bytes.endIndex, offsetBy: -3)
        guard bytes[suffix...].elementsEqual(".md".utf8) else { return nil }
        return String(Substring(bytes[..<suffix]))
    }

    private mutating func visit(_ storage: some LibraryStorage, _ subfolder: Folder, base: String,
                                includeSessions: Bool) throws(ShelfError) {
        for next in try visitFolder(storage, subfolder, base: base, includeSessions: includeSessions) {
            try visit(storage, next, base: base, includeSessions: includeSessions)
        }
    }

    /// Records what one folder holds (a book's sessions, orphaned sessions, or books) and
    /// returns the folders under it still to walk.
    private mutating func visitFolder(_ storage: some LibraryStorage, _ subfolder: Folder, base: String,
                                      includeSessions: Bool) throws(ShelfError) -> [Folder] {
        let path = subfolder.path
        let relative = base.isEmpty ? path : String(path.dropFirst(base.count + 1))
        if subfolder.isStatus {
            let children = try list(storage, path)
            return visitFiles(directory: path, entries: children, status: subfolder.status, folder: "",
                              includeSessions: includeSessions)
        }
        if subfolder.bookNames.contains(subfolder.name) {
            if includeSessions {
                let withInfo = collectInfo && statsSessions
                let entries: [FileSystem.Entry]
                do throws(ShelfError) {
                    entries = try withInfo ? storage.entriesWithInfo(in: path) : storage.entries(in: path)
                } catch .io(_, let operation, let message) {
                    unreadableFolders.append(Problem(path: path + "/", line: 0, column: 0,
                                                     message: "cannot read this session folder (\(operation): \(message)); "
                                                        + "its sessions are left out until it can be read"))
                    return []
                }
                let files = entries.filter { $0.kind == .file }
                if files.contains(where: \.isLink) { followsLinks = true }
                sessionFiles[relative] = files.map(\.name)
                if withInfo { sessionInfo[relative] = files.map(\.info) }
            }
            return []
        }
        let children = try list(storage, path)
        if Self.looksLikeSessions(children) {
            orphanSessionFolders.append(relative)
            return []
        }
        let folder = subfolder.folder.isEmpty ? subfolder.name : subfolder.folder + "/" + subfolder.name
        return visitFiles(directory: path, entries: children, status: subfolder.status, folder: folder,
                          includeSessions: includeSessions)
    }

    /// The entries of `directory`; none, with a problem recorded, when it cannot be listed.
    private mutating func list(_ storage: some LibraryStorage, _ directory: String) throws(ShelfError) -> [FileSystem.Entry] {
        do throws(ShelfError) {
            return collectInfo ? try storage.entriesWithInfo(in: directory) : try storage.entries(in: directory)
        } catch .io(_, let operation, let message) {
            unreadableFolders.append(Problem(path: directory + "/", line: 0, column: 0,
                                             message: "cannot read this folder (\(operation): \(message)); "
                                                + "its books are left out until it can be read"))
            return []
        }
    }

    /// Only date-named Markdown files and no folders: sessions whose book is missing or renamed,
    /// which must not be read as books named after days.
    static func looksLikeSessions(_ entries: [FileSystem.Entry]) -> Bool {
        let markdown = entries.filter { $0.name.hasSuffix(".md") && $0.name.utf8.first != UInt8(ascii: ".") }
        return !markdown.isEmpty && !entries.contains { $0.kind == .directory && $0.name.utf8.first != UInt8(ascii: ".") }
            && markdown.allSatisfy { $0.kind == .file && SessionFileName($0.name) != nil }
    }
}

extension LibraryWalk {
    /// What the walk itself found wrong: folders it could not list, and shared slugs.
    var problems: [Problem] { unreadableFolders + notDownloaded + duplicateProblems }

    /// One problem per file whose slug another file also has.
    var duplicateProblems: [Problem] {
        Self.duplicateProblems(duplicateSlugs.map { ($0.slug, $0.locations.map(\.path)) })
    }

    /// One problem per path of each shared slug, given in order with their paths in order.
    static func duplicateProblems(_ shared: [(slug: String, paths: [String])]) -> [Problem] {
        var problems: [Problem] = []
        for (slug, paths) in shared {
            for path in paths {
                let others = paths.filter { $0 != path }.joined(separator: ", ")
                problems.append(Problem(path: path, line: 0, column: 0,
                                        message: "duplicate slug \"\(slug)\": also \(others); rename one of the files"))
            }
        }
        return problems
    }
}
