@testable import ShelfKit
@testable import ShelfInterchange
import Testing

/// One book twice in an export (two editions), and one person's Goodreads and StoryGraph
/// exports imported one after the other: every read is kept and imports converge.
struct DuplicateBookTests {
    /// The one book a library holds after importing `rows` (in the given order).
    private func importedBook(_ format: ImportFormat, _ rows: [[String: String]]) async throws -> (Book, String) {
        let library = ImportFixtures.memoryLibrary()
        let plan = try await InlineExport.importText(InlineExport.csv(format, rows), format: format, into: library)
        #expect(plan.summary.added == 1)
        // Every row is accounted for: the second edition is said to be merged.
        #expect(plan.summary.merged == rows.count - 1)
        if rows.count == 2 {
            #expect(plan.summary.description == "1 added, 0 updated, 0 unchanged, 0 skipped, 1 row merged as editions of another row's book")
        }
        let book = try #require(try await library.scan().books.first)
        let text = await ImportFixtures.file(book.path, in: library) ?? ""
        let again = try await InlineExport.importText(InlineExport.csv(format, rows), format: format, into: library)
        #expect(again.summary == ImportSummary(added: 0, updated: 0, unchanged: 1, skipped: 0, merged: rows.count - 1),
                "importing again changes nothing")
        return (book, text)
    }

    private static let oryxHardcover = [
        "Title": "Oryx and Crake (MaddAddam, #1)", "Author": "Margaret Atwood", "ISBN13": "=\"9780747562597\"",
        "My Rating": "0", "Binding": "Hardcover", "Date Read": "2016/10/17", "Date Added": "2016/09/08",
        "Exclusive Shelf": "read", "Read Count": "1",
    ]
    private static let oryxPaperback = [
        "Title": "Oryx and Crake (MaddAddam, #1)", "Author": "Margaret Atwood", "ISBN13": "=\"9780385721677\"",
        "My Rating": "4", "Binding": "Paperback", "Date Read": "2013/10/30", "Date Added": "2013/10/20",
        "Exclusive Shelf": "read", "Read Count": "1",
    ]

    @Test(arguments: [false, true])
    func twoEditionsReadYearsApartKeepBothReads(reversed: Bool) async throws {
        let rows = [Self.oryxHardcover, Self.oryxPaperback]
        let (book, _) = try await importedBook(.goodreads, reversed ? rows.reversed() : rows)
        #expect(book.status == .finished)
        #expect(book.finished == Day(year: 2016, month: 10, day: 17), "the latest read is the current one")
        #expect(book.extra("reads") == .list([.mapping([.init("finished", .day(Day(year: 2013, month: 10, day: 30)!))])]))
        #expect(book.added == Day(year: 2013, month: 10, day: 20), "the earliest added")
        #expect(book.rating == 4, "the only rating given")
        #expect(book.extra("read_count") == .int(2))
        #expect(book.extra("format") == .string("Hardcover"), "the edition of the latest read")
    }

    @Test(arguments: [false, true])
    func aReadEditionAndOneOnAnotherShelfStayFinished(reversed: Bool) async throws {
        let read = ["Title": "Odd Billy Todd", "Author": "Cas Lester", "My Rating": "4", "Date Read": "2020/09/08",
                    "Date Added": "2020/09/01", "Exclusive Shelf": "read", "Bookshelves": "kids"]
        let other = ["Title": "Odd Billy Todd", "Author": "Cas Lester", "My Rating": "0", "Date Added": "2021/01/05",
                     "Exclusive Shelf": "library-books", "Bookshelves": "library-books, funny"]
        let (book, text) = try await importedBook(.goodreads, reversed ? [other, read] : [read, other])
        #expect(book.status == .finished)
        #expect(book.finished == Day(year: 2020, month: 9, day: 8))
        #expect(book.rating == 4)
        #expect(book.added == Day(year: 2020, month: 9, day: 1))
        #expect(Set(book.tags) == ["kids", "funny"])
        #expect(book.extra("goodreads_shelf") == nil, "the shelf of the edition that did not lead")
        #expect(text.hasPrefix("---\ntitle: Odd Billy Todd\n"))
    }

    @Test(arguments: [false, true])
    func aReadBookAndAnOwnedEditionWithoutStatusKeepTheRead(reversed: Bool) async throws {
        let read = ["Title": "Ultralearning", "Authors": "Scott H. Young", "Read Status": "read", "Date Added": "2023/05/22",
                    "Last Date Read": "2023/05/08", "Dates Read": "2023/05/04-2023/05/08", "Read Count": "1",
                    "Moods": "informative", "Star Rating": "3.5", "Owned?": "No"]
        let owned = ["Title": "Ultralearning", "Authors": "Scott H. Young", "ISBN/UID": "9781982662974", "Format": "audio",
                     "Moods": "reflective", "Owned?": "Yes"]
        let (book, _) = try await importedBook(.storygraph, reversed ? [owned, read] : [read, owned])
        #expect(book.status == .finished)
        #expect(book.started == Day(year: 2023, month: 5, day: 4))
        #expect(book.finished == Day(year: 2023, month: 5, day: 8))
        #expect(book.rating == 3.5)
        #expect(book.extra("moods") == .list(reversed ? [.string("reflective"), .string("informative")]
                                                        : [.string("informative"), .string("reflective")]))
        #expect(book.extra("owned") == .bool(true))
        #expect(book.isbn == "9781982662974")
    }

    @Test(arguments: [false, true])
    func twoReadsOfTheSameEditionAreBothKept(reversed: Bool) async throws {
        let first = ["Title": "Northanger Abbey", "Author": "Jane Austen", "My Rating": "5", "Binding": "Kindle Edition",
                     "Date Read": "2016/04/09", "Date Added": "2016/04/02", "Bookshelves": "classics, 2016",
                     "Exclusive Shelf": "read", "Read Count": "1"]
        let second = ["Title": "Northanger Abbey", "Author": "Jane Austen", "ISBN13": "=\"9781593082642\"", "My Rating": "5",
                      "Binding": "Paperback", "Date Read": "2019/09/08", "Date Added": "2019/09/04",
                      "Bookshelves": "re-read, 2019, classics", "Exclusive Shelf": "read", "Read Count": "1"]
        let (book, _) = try await importedBook(.goodreads, reversed ? [second, first] : [first, second])
        #expect(book.finished == Day(year: 2019, month: 9, day: 8))
        #expect(book.extra("reads") == .list([.mapping([.init("finished", .day(Day(year: 2016, month: 4, day: 9)!))])]))
        #expect(book.added == Day(year: 2016, month: 4, day: 2))
        #expect(Set(book.tags) == ["classics", "2016", "re-read", "2019"])
    }

    @Test func aStartedReadAndTheSameReadFinishedElsewhereAreOneRead() {
        var history = ReadingHistory(of: Book(title: "A", started: Day(year: 2024, month: 1, day: 2)))
        history.add(ReadRange(started: nil, finished: Day(year: 2024, month: 2, day: 1)))
        #expect(history.reads == [ReadRange(started: Day(year: 2024, month: 1, day: 2), finished: Day(year: 2024, month: 2, day: 1))])
        history.add(ReadRange(started: nil, finished: Day(year: 2020, month: 5, day: 1)))
        #expect(history.reads.count == 2, "a read that ended before the open one began is another read")
    }

    // MARK: - One person's Goodreads and StoryGraph exports

    private static let goodreads = InlineExport.csv(.goodreads, [
        ["Title": "Just Mercy: A Story of Justice and Redemption", "Author": "Bryan Stevenson", "My Rating": "5",
         "Binding": "Paperback", "Date Read": "2021/07/11", "Date Added": "2021/06/01", "Exclusive Shelf": "read"],
        ["Title": "Normal People", "Author": "Sally Rooney", "My Rating": "4", "Binding": "Kindle Edition",
         "Date Read": "2020/05/02", "Date Added": "2020/04/01", "Exclusive Shelf": "read", "Owned Copies": "0"],
        ["Title": "Klara and the Sun", "Author": "Kazuo Ishiguro", "Binding": "ebook", "Date Added": "2021/03/02",
         "Exclusive Shelf": "currently-reading"],
        ["Title": "The Secret History", "Author": "Donna Tartt", "My Rating": "4", "Binding": "Hardcover",
         "Date Read": "2019/01/05", "Date Added": "2018/12/24", "Exclusive Shelf": "read"],
    ])
    private static let storyGraph = InlineExport.csv(.storygraph, [
        ["Title": "Just Mercy", "Authors": "Bryan Stevenson", "Format": "paperback", "Read Status": "read",
         "Date Added": "2021/12/31", "Dates Read": "2021/07/01-2021/07/11", "Star Rating": "4.75", "Moods": "emotional"],
        ["Title": "Normal People", "Authors": "Sally Rooney", "Format": "hardcover", "Read Status": "to-read",
         "Date Added": "2021/12/31", "Owned?": "Yes"],
        ["Title": "Klara and the Sun", "Authors": "Kazuo Ishiguro", "Format": "digital", "Read Status": "read",
         "Dates Read": "2022/09/01-2022/09/17", "Date Added": "2021/12/31", "Star Rating": "3", "Pace": "slow"],
        ["Title": "The Secret History", "Authors": "Donna Tartt", "Format": "hardcover", "Read Status": "did-not-finish",
         "Dates Read": "2019/01/05", "Date Added": "2021/12/31", "Star Rating": "4"],
    ])

    @Test(arguments: [false, true])
    func goodreadsAndStoryGraphExportsConverge(storyGraphFirst: Bool) async throws {
        let library = ImportFixtures.memoryLibrary()
        let exports: [(String, ImportFormat)] = storyGraphFirst
            ? [(Self.storyGraph, .storygraph), (Self.goodreads, .goodreads)]
            : [(Self.goodreads, .goodreads), (Self.storyGraph, .storygraph)]
        for (text, format) in exports { try await InlineExport.importText(text, format: format, into: library) }
        let books = try await library.scan().books
        #expect(books.count == 4, "Just Mercy is matched with and without its subtitle")
        for (text, format) in exports + exports {
            let plan = try await InlineExport.importText(text, format: format, into: library)
            #expect(plan.summary.added == 0 && plan.summary.updated == 0, "a second run of \(format) changes nothing")
        }
        func book(_ title: String) throws -> Book { try #require(books.first { $0.title.hasPrefix(title) }) }
        #expect(try book("Normal People").status == .finished, "the status only advances")
        #expect(try book("Normal People").extra("owned") == .bool(true))
        #expect(try book("Klara").status == .finished)
        #expect(try book("Klara").finished == Day(year: 2022, month: 9, day: 17))
        #expect(try book("The Secret History").status == .finished)
        #expect(try book("Just Mercy").added == Day(year: 2021, month: 6, day: 1))
        #expect(try book("Just Mercy").started == Day(year: 2021, month: 7, day: 1), "one read, both ends")
        #expect(try book("Just Mercy").extra("reads") == nil)
        #expect(try book("Just Mercy").rating == 5, "Goodreads' rating for a book Goodreads knows")
    }

    @Test func aBookWhoseReadsTheExportDoesNotChangeKeepsItsDates() async throws {
        let library = ImportFixtures.memoryLibrary()
        try await library.add(Book(title: "Piranesi", authors: ["Susanna Clarke"], finished: Day(year: 2021, month: 3, day: 1)),
                              to: .toRead, in: "")
        let row = ["Title": "Piranesi", "Author": "Susanna Clarke", "Date Read": "2021/03/01", "Exclusive Shelf": "to-read"]
        let plan = try await InlineExport.importText(InlineExport.csv(.goodreads, [row]), format: .goodreads, into: library)
        #expect(plan.summary.unchanged == 1, "\(plan.updates.map(\.changedKeys))")
    }

    @Test func aBookWithASeriesAndAnISBNGetsNoneOfAnotherEditionsSeriesKeysOrBadISBN() async throws {
        let library = ImportFixtures.memoryLibrary()
        try await library.add(Book(title: "Mort", authors: ["Terry Pratchett"], isbn: "9780552131063", series: "Discworld",
                                   seriesIndex: 4), to: .toRead, in: "")
        let row = ["Title": "Mort (Discworld, #4; Death, #1)", "Author": "Terry Pratchett", "ISBN13": "=\"978055213106\"",
                   "Exclusive Shelf": "to-read"]
        let plan = try await InlineExport.importText(InlineExport.csv(.goodreads, [row]), format: .goodreads, into: library)
        let book = try #require(try await library.scan().books.first)
        #expect(plan.summary.added == 0)
        #expect(book.extra("other_series") == nil && book.extra("isbn_invalid") == nil, "\(book.extra)")
    }

    @Test(arguments: [(ImportFormat.goodreads, "read"), (.goodreads, "currently-reading"), (.storygraph, "read"),
                      (.storygraph, "paused")])
    func aBookMovedByAnImportGetsNoDateOfToday(format: ImportFormat, status: String) async throws {
        let library = try ImportFixtures.fileLibrary()
        _ = try await library.add(Book(title: "Book B", authors: ["X Y"]), to: .toRead, in: "")
        let row = format == .goodreads
            ? ["Title": "Book B", "Author": "X Y", "Exclusive Shelf": status]
            : ["Title": "Book B", "Authors": "X Y", "Read Status": status]
        try await InlineExport.importText(InlineExport.csv(format, [row]), format: format, into: library)
        let book = try #require(try await library.scan().books.first)
        #expect(book.status != .toRead)
        #expect(book.started == nil && book.finished == nil, "\(book.started as Any) \(book.finished as Any)")
    }

    @Test func aReadRowWhoseOnlyReadIsOpenKeepsItsStart() async throws {
        let row = ["Title": "Open", "Authors": "A B", "Read Status": "read", "Dates Read": "2024/02/01-", "Read Count": "0"]
        let (book, text) = try await importedBook(.storygraph, [row])
        #expect(book.started == Day(year: 2024, month: 2, day: 1))
        #expect(book.finished == nil && book.extra("reads") == nil && book.extra("read_count") == nil, "\(text)")
    }

    @Test func aTitleWhoseSlugIsADeviceNameGetsAnotherSlug() async throws {
        let (book, _) = try await importedBook(.goodreads, [["Title": "CON", "Author": "A B", "Exclusive Shelf": "to-read"]])
        #expect(book.id == "con-2")
    }

    @Test func privateNotesWrittenAfterTheFirstImportAreAdded() async throws {
        let library = ImportFixtures.memoryLibrary()
        var row = ["Title": "Notes", "Author": "A B", "Exclusive Shelf": "read", "My Review": "Good.<br/>Very."]
        try await InlineExport.importText(InlineExport.csv(.goodreads, [row]), format: .goodreads, into: library)
        row["Private Notes"] = "Lent to Sam in 2024"
        let plan = try await InlineExport.importText(InlineExport.csv(.goodreads, [row]), format: .goodreads, into: library)
        #expect(plan.summary.updated == 1)
        let book = try #require(try await library.scan().books.first)
        #expect(book.body == "## Review\n\nGood.\\\nVery.\n\n## Private notes\n\nLent to Sam in 2024\n")
        let again = try await InlineExport.importText(InlineExport.csv(.goodreads, [row]), format: .goodreads, into: library)
        #expect(again.summary.unchanged == 1)
    }

    @Test func aBodyOfThePersonsOwnKeepsItsTextAndGainsTheReviewBelow() async throws {
        let library = ImportFixtures.memoryLibrary()
        _ = try await library.add(Book(title: "Mine", authors: ["A B"], body: "My own notes.\r\n"), to: .toRead, in: "")
        let row = ["Title": "Mine", "Author": "A B", "Exclusive Shelf": "to-read", "My Review": "Their review."]
        try await InlineExport.importText(InlineExport.csv(.goodreads, [row]), format: .goodreads, into: library)
        let book = try #require(try await library.scan().books.first)
        #expect(book.body == "My own notes.\r\n\r\n## Review\r\n\r\nTheir review.\r\n")
    }

    @Test func formatsOfOneKindAreTheSame() {
        #expect(FormatKind.same(.string("Paperback"), .string("paperback")))
        #expect(FormatKind.same(.string("Kindle Edition"), .string("digital")))
        #expect(FormatKind.same(.string("Audible Audio"), .string("audio")))
        #expect(!FormatKind.same(.string("Hardcover"), .string("paperback")))
    }

    @Test func aSubtitleMatchesOnlyTheTitleWithout() {
        var identity = BookIdentity()
        identity.insert(Book(title: "Dune: Part One", authors: ["Frank Herbert"]), at: 0)
        #expect(identity.match(Book(title: "Dune", authors: ["Frank Herbert"])) == 0)
        #expect(identity.match(Book(title: "Dune: Part Two", authors: ["Frank Herbert"])) == nil)
        #expect(identity.match(Book(title: "Dune", subtitle: "Part One", authors: ["Frank Herbert"])) == 0)
        #expect(identity.match(Book(title: "Dune", authors: ["Brian Herbert"])) == nil)
        identity.insert(Book(title: "Kindred: A Graphic Novel Adaptation", authors: ["Octavia E. Butler"], isbn: "9781419709470"), at: 2)
        #expect(identity.match(Book(title: "Kindred", authors: ["Octavia E. Butler"], isbn: "9780807083697")) == nil,
                "a title with and one without subtitle, with different ISBNs, are two books")
        #expect(identity.match(Book(title: "Kindred", authors: ["Octavia E. Butler"])) == 2)
        identity.insert(Book(title: "Renamed by hand", authors: ["Someone"], extra: [.init("goodreads_id", .int(40))]), at: 3)
        #expect(identity.match(Book(title: "Review Book", authors: ["Other"], extra: [.init("goodreads_id", .int(40))])) == 3,
                "the Goodreads id survives a title and author changed by hand")
        identity.insert(Book(title: "How to Win Friends & Influence People", authors: ["Dale Carnegie"]), at: 1)
        #expect(identity.match(Book(title: "How to Win Friends and Influence People", authors: ["Dale Carnegie"])) == 1)
    }
}
