public import ShelfKit

/// Brings a Goodreads or StoryGraph export into a library: reads the CSV, matches each row
/// with the books already there, and writes the additions and changes as one batch.
///
/// Importing the same file twice changes nothing the second time: every book is found again
/// (same ISBN, else same title and first author) and is already as the row says.
///
/// ```swift
/// let importer = LibraryImporter(format: .goodreads)
/// let rows = try importer.read(csvText, path: "goodreads_library_export.csv", configuration: library.configuration)
/// let plan = try await importer.plan(rows, for: library)
/// try await library.apply(plan.batch)
/// print(plan.summary)       // 212 added, 0 updated, 0 unchanged, 1 skipped
/// ```
public struct LibraryImporter: Sendable {
    /// Which service's export to read.
    public var format: ImportFormat
    /// Status mapping and the folder for new books.
    public var options: ImportOptions
    /// The folder below the status where new books go, `""` for none.
    public var folder: String

    /// Creates an importer.
    public init(format: ImportFormat, options: ImportOptions = ImportOptions(), folder: String = "") {
        self.format = format
        self.options = options
        self.folder = folder
    }

    /// Reads an export's text: every row as a book, and a problem for each row that cannot be read.
    /// - Parameters:
    ///   - text: The whole CSV file.
    ///   - path: The file's name, for messages.
    ///   - configuration: The library's statuses, which the rows' shelves map to.
    /// - Throws: ``ShelfError/invalidValue(path:key:value:reason:at:)`` when the file is
    ///   not an export of this kind (a required column is missing; the message says when the
    ///   file is the other service's export or has lost its header row); single bad rows never
    ///   throw. Dates written with the year last (`3/4/2026`) are read as the file's dates as a
    ///   whole show (``ImportOptions/dayOrder``), a guess reported once in ``ImportRows/warnings``.
    public func read(_ text: String, path: String, configuration: LibraryConfiguration) throws(ShelfError) -> ImportRows {
        let table = try CSVTable(text: text, path: path)
        if let problem = ExportHeader.problem(with: table.header, format: format, path: path, line: table.headerLine) { throw problem }
        let columns = CSVRowReader.positions(of: table.header)
        let mapping = ImportStatusMapping(configuration: configuration, options: options, format: format)
        let service = format.service
        let dates = FileDayOrder(table: table, columns: service.dateColumns, path: path, chosen: options.dayOrder)
        let statusColumn = service.statusColumn
        var books: [ImportedBook] = []
        var skipped: [Problem] = []
        var warnings: [Problem] = dates.warning.map { [$0] } ?? []
        var withoutStatus = 0
        for row in table.rows {
            if row.fields.count != table.header.count {
                skipped.append(Problem(path: path, line: row.line, column: 1,
                                       message: "has \(row.fields.count) fields, the header has \(table.header.count); row skipped"))
                continue
            }
            let fields = CSVRowReader(columns: columns, row: row, dayOrder: dates.order)
            do throws(ImportRowError) {
                var book = try service.book(from: fields, mapping: mapping)
                if fields.text(statusColumn) == nil {
                    withoutStatus += 1
                    if let chosen = mapping.statusWithoutName() { (book.status, book.book.status) = (chosen, chosen) }
                }
                books.append(book)
                for warning in book.warnings {
                    warnings.append(Problem(path: path, line: row.line, column: max(1, fields.position(of: warning.column)),
                                            message: "\(warning.column) \(warning.reason), found \"\(warning.value)\""))
                }
            } catch {
                let found = error.value.isEmpty ? "" : ", found \"\(error.value)\""
                skipped.append(Problem(path: path, line: row.line, column: max(1, fields.position(of: error.column)),
                                       message: "\(error.column) \(error.reason)\(found); row skipped"))
            }
        }
        return ImportRows(books: books, skipped: skipped, warnings: warnings, withoutStatus: withoutStatus)
    }

    /// What importing `rows` into a library holding `existing` would do.
    /// - Parameters:
    ///   - rows: The rows read by ``read(_:path:configuration:)``.
    ///   - existing: Every book in the library.
    ///   - takenSlugs: Slugs in use besides those of `existing`, such as files that could not be read.
    ///   - configuration: The library's statuses, to list the ones the import would create.
    public func plan(_ rows: ImportRows, existing: [Book], takenSlugs: Set<String> = [],
                     configuration: LibraryConfiguration) -> ImportPlan {
        var identity = BookIdentity()
        for (index, book) in existing.enumerated() { identity.insert(book, at: index) }
        var current = existing
        var lines: [Int: Int] = [:]
        var additions: [ImportedBook] = []
        var addedIdentity = BookIdentity()
        var slugs = takenSlugs.union(existing.map(\.id.rawValue))
        // Rows that became part of a book another row of the export also describes.
        var mergedRows = 0

        for row in rows.books {
            if let index = identity.match(row.book) {
                if lines[index] != nil { mergedRows += 1 }
                current[index] = ImportMerge.merge(row.book, status: row.status, into: current[index], format: format,
                                                   roles: configuration)
                identity.insert(row.book, at: index)
                lines[index] = row.line
            } else if let index = addedIdentity.match(row.book) {
                let earlier = additions[index]
                let merged = ImportMerge.merge(row.book, status: row.status, into: earlier.book, format: format,
                                               roles: configuration, joinsBodies: true)
                additions[index] = ImportedBook(book: merged, status: merged.status, line: earlier.line)
                addedIdentity.insert(row.book, at: index)
                mergedRows += 1
            } else {
                var book = ImportMerge.settled(row.book, status: row.status, roles: configuration)
                book.id = BookID(Self.uniqueSlug(for: book.title, taken: slugs))
                slugs.insert(book.id.rawValue)
                addedIdentity.insert(book, at: additions.count)
                additions.append(ImportedBook(book: book, status: row.status, line: row.line))
            }
        }

        var updates: [ImportChange] = []
        var unchanged: [Book] = []
        for (index, before) in existing.enumerated() {
            guard let line = lines[index] else { continue }
            let after = current[index]
            if after == before { unchanged.append(before) } else { updates.append(ImportChange(before: before, after: after, line: line)) }
        }
        let known = Set(configuration.statuses)
        var newStatuses: [Status] = []
        for status in additions.map(\.status) + updates.map(\.after.status) where !known.contains(status) && !newStatuses.contains(status) {
            newStatuses.append(status)
        }
        return ImportPlan(additions: additions, updates: updates.sorted { $0.line < $1.line }, unchanged: unchanged,
                          skipped: rows.skipped, warnings: rows.warnings, newStatuses: newStatuses, folder: folder,
                          withoutStatus: rows.withoutStatus, mergedRows: mergedRows)
    }

    /// Reads the library and plans the import of `rows` into it.
    /// - Throws: Only when the library's folders cannot be read.
    public func plan(_ rows: ImportRows, for library: some LibraryReading) async throws(ShelfError) -> ImportPlan {
        // Every book, in the order of their paths, and the files that could not be read, whose
        // slugs stay taken.
        let listing = try await library.books(matching: Query.all, sortedBy: [], limit: nil)
        let existing = listing.items.sorted { ByteOrder.precedes($0.path, $1.path) }
        let broken = listing.problems.compactMap { BookID(bookPath: $0.path)?.rawValue }
        return plan(rows, existing: existing, takenSlugs: Set(broken), configuration: library.configuration)
    }

    /// The title's slug, or the first of `slug-2`, `slug-3`… not taken; a slug the library
    /// cannot use as a file name (`con`, a device name on Windows) is skipped the same way, so
    /// one such title never stops an import.
    static func uniqueSlug(for title: String, taken: Set<String>) -> String {
        let base = Slugifier.slug(for: title)
        func usable(_ slug: String) -> Bool {
            guard !taken.contains(slug) else { return false }
            do { try PathSafety.checkSlug(slug) } catch { return false }
            return true
        }
        if usable(base) { return base }
        var number = 2
        // A base no number makes usable (none is known) falls back to `book-N`.
        while !usable("\(base)-\(number)") {
            number += 1
            if number > 10_000 { return uniqueSlug(for: "book", taken: taken) }
        }
        return "\(base)-\(number)"
    }
}
