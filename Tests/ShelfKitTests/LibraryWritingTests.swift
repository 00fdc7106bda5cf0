import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Updating, moving, deleting, logging and batches, against both implementations.
struct LibraryWritingTests {
    static let handWritten = """
        ---
        title: Dune
        authors: [Frank Herbert]
        # my copy
        pages: 412
        tags:
          - sci-fi
        finished: 2024-02-11
        format: paperback
        ---

        ## Review
        """

    @Test(arguments: LibraryKind.allCases)
    func updateWithNoChangeWritesNothing(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write(Self.handWritten, to: "finished/dune.md")
        let book = try await test.library.book("dune")
        let before = test.root.flatMap { try? FileManager.default.attributesOfItem(atPath: $0 + "/finished/dune.md") }
        try await Task.sleep(for: .milliseconds(20))
        let updated = try await test.library.update(book)
        #expect(updated == book)
        #expect(await test.text("finished/dune.md") == Self.handWritten)
        if let root = test.root {
            let after = try FileManager.default.attributesOfItem(atPath: root + "/finished/dune.md")
            #expect(after[.modificationDate] as? Date == before?[.modificationDate] as? Date)
        }
    }

    @Test(arguments: LibraryKind.allCases)
    func removeKeysTakesOutValuesOfAnyTypeAndNothingElse(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let text = Self.handWritten.replacingOccurrences(of: "pages: 412", with: "pages: 412\nrating: ⭐⭐⭐⭐")
        try await test.write(text, to: "finished/dune.md")
        #expect(try await test.library.book("dune").rating == nil)

        let removal = try await test.library.removeKeys(["rating", "format", "nope"], from: try await test.library.book("dune"))
        let (book, absent) = (removal.book, removal.absent)
        #expect(absent == ["nope"])
        #expect(book.extra.isEmpty)
        #expect(await test.text("finished/dune.md") == Self.handWritten.replacingOccurrences(of: "format: paperback\n", with: ""))

        // Keys the file does not have: nothing is written.
        let again = try await test.library.removeKeys(["rating"], from: book)
        #expect(again.absent == ["rating"])
        #expect(await test.text("finished/dune.md") == Self.handWritten.replacingOccurrences(of: "format: paperback\n", with: ""))
    }

    @Test(arguments: LibraryKind.allCases)
    func updateChangesOnlyTheChangedKeys(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write(Self.handWritten, to: "finished/dune.md")
        var book = try await test.library.book("dune")
        book.pages = 896
        try await test.library.update(book)
        #expect(await test.text("finished/dune.md") == Self.handWritten.replacingOccurrences(of: "pages: 412", with: "pages: 896"))

        book.rating = 4.5
        book.tags.append("classic")
        book.extra = []
        book.body = "Changed."
        let updated = try await test.library.update(book)
        #expect(await test.text("finished/dune.md") == """
            ---
            title: Dune
            authors: [Frank Herbert]
            # my copy
            pages: 896
            tags:
              - sci-fi
              - classic
            rating: 4.5
            finished: 2024-02-11
            ---

            Changed.
            """)
        // The file had no final line break, so the new body gets none either.
        #expect(updated.rating == 4.5 && updated.body == "Changed.")
    }

    @Test(arguments: LibraryKind.allCases)
    func updateKeepsWhatTheFileChangedSinceTheBookWasRead(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        var book = try await test.library.book("dune")
        let edited = try #require(await test.text("finished/dune.md")).replacingOccurrences(of: "pages: 412", with: "pages: 896")
        try await test.write(edited, to: "finished/dune.md")
        _ = try await test.library.books()
        book.rating = 4
        let updated = try await test.library.update(book)
        #expect(updated.pages == 896 && updated.rating == 4)
        #expect(await test.text("finished/dune.md") == edited.replacingOccurrences(of: "rating: 5", with: "rating: 4"))
        // A move is no edit of values: it takes the file as it is.
        #expect(try await test.library.move("dune", to: .abandoned, folder: nil).pages == 896)
    }

    @Test(arguments: LibraryKind.allCases)
    func aKeyChangedOnBothSidesIsAConflictAndNothingIsWritten(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        var book = try await test.library.book("dune")
        let edited = try #require(await test.text("finished/dune.md")).replacingOccurrences(of: "pages: 412", with: "pages: 896")
        try await test.write(edited, to: "finished/dune.md")
        book.pages = 500
        book.rating = 3
        await expectError(.editConflict(path: "finished/dune.md", key: "pages", at: SourceLocation(line: 6, column: 1))) {
            try await test.library.update(book)
        }
        #expect(await test.text("finished/dune.md") == edited)
        // The same value on both sides is no conflict.
        book.pages = 896
        #expect(try await test.library.update(book).rating == 3)
    }

    @Test(arguments: LibraryKind.allCases)
    func setChangesOnlyTheKeysGiven(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\ntitle: Circe  # the novel\nrating: 3\n---\nNotes.\r\n", to: "to-read/circe.md")
        let book = try await test.library.set([.init("rating", .double(4.5)), .init("mood", .string("calm"))], of: "circe")
        #expect(book.rating == 4.5 && book.extra("mood") == .string("calm"))
        #expect(await test.text("to-read/circe.md") == "---\ntitle: Circe  # the novel\nrating: 4.5\nmood: calm\n---\nNotes.\r\n")
        let again = try await test.library.set([.init("rating", .double(4.5))], of: "circe")
        #expect(again == book)
        await #expect(throws: ShelfError.self) { try await test.library.set([.init("rating", .int(9))], of: "circe") }
        #expect(await test.text("to-read/circe.md") == "---\ntitle: Circe  # the novel\nrating: 4.5\nmood: calm\n---\nNotes.\r\n")
    }

    @Test(arguments: LibraryKind.allCases)
    func aMoveAndAChangeAreOneWrite(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "circe", title: "Circe", added: day("2024-01-01")), to: .reading, in: "")
        await #expect(throws: ShelfError.cancelled) {
            try await test.library.move("circe", to: .finished, folder: nil) { _ throws(ShelfError) in throw .cancelled }
        }
        let stayed = await test.exists("reading/circe.md"), arrived = await test.exists("finished/circe.md")
        #expect(stayed && !arrived, "a refused change moves nothing")
        let finished = try await test.library.move("circe", to: .finished, folder: nil) { $0.rating = 4.5 }
        #expect(finished.path == "finished/circe.md" && finished.rating == 4.5 && finished.finished == testToday)
        #expect(await test.text("finished/circe.md") == """
            ---
            title: Circe
            rating: 4.5
            added: 2024-01-01
            started: 2024-03-15
            finished: 2024-03-15
            ---

            """)
    }

    @Test(arguments: LibraryKind.allCases)
    func moveTakesSessionsAndSetsDates(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "circe", title: "Circe", added: day("2024-01-01")), to: .toRead, in: "myth/greek")
        try await test.write("---\nfrom: 1\nto: 30\n---\n", to: "to-read/myth/greek/circe/2024-03-01.md")
        let reading = try await test.library.move("circe", to: .reading, folder: nil)
        #expect(reading.path == "reading/myth/greek/circe.md")
        // The session beside it shows the read began by its day (a move is a first start too).
        #expect(reading.started == day("2024-03-01") && reading.finished == nil)
        #expect(await test.exists("reading/myth/greek/circe/2024-03-01.md"))
        #expect(await !test.exists("to-read/myth"))
        #expect(await test.exists("to-read"))
        let finished = try await test.library.move("circe", to: .finished, folder: "")
        #expect(finished.path == "finished/circe.md")
        #expect(finished.started == day("2024-03-01") && finished.finished == testToday)
        #expect(try await test.library.sessions(of: "circe").map(\.path) == ["finished/circe/2024-03-01.md"])
        #expect(await test.text("finished/circe.md") == """
            ---
            title: Circe
            added: 2024-01-01
            started: 2024-03-01
            finished: 2024-03-15
            ---

            """)
        await expectError(.unsafeName(name: "../x", reason: "\".\" and \"..\" would leave the folder")) {
            try await test.library.move("circe", to: .finished, folder: "../x")
        }
        await expectError(.unknownStatus(name: "paused", known: ["to-read", "reading", "finished", "abandoned"])) {
            try await test.library.move("circe", to: "paused", folder: nil)
        }
    }

    /// A book already where it is sent does not arrive: no date is set and no byte written,
    /// while a change given with the move is still made.
    @Test(arguments: LibraryKind.allCases)
    func aMoveToWhereTheBookIsChangesNothing(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let text = "---\ntitle: Circe\n---\n"
        try await test.write(text, to: "finished/circe.md")
        let book = try await test.library.book("circe")
        let moved = try await test.library.move("circe", to: .finished)
        #expect(moved == book && moved.finished == nil)
        #expect(await test.text("finished/circe.md") == text)
        let rated = try await test.library.move("circe", to: .finished, folder: "") { $0.rating = 4 }
        #expect(rated.path == "finished/circe.md" && rated.finished == nil)
        #expect(await test.text("finished/circe.md") == "---\ntitle: Circe\nrating: 4\n---\n")
    }

    @Test(arguments: LibraryKind.allCases)
    func deleteAndRestore(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let dune = try await test.library.add(.dune, to: .finished, in: "sci-fi")
        try await test.write("---\npages: 10\n---\n", to: "finished/sci-fi/dune/2024-01-02.md")
        #expect(try await test.library.delete("dune") == dune)
        #expect(await test.exists(".shelf/trash/2024-03-15/finished/sci-fi/dune.md"))
        #expect(await test.exists(".shelf/trash/2024-03-15/finished/sci-fi/dune/2024-01-02.md"))
        #expect(await !test.exists("finished/sci-fi"))
        await expectError(.bookNotFound(reference: "dune", closeMatches: [])) { try await test.library.book("dune") }
        #expect(try await test.library.restore("dune") == dune)
        #expect(try await test.library.sessions(of: "dune").count == 1)
        #expect(await !test.exists(".shelf/trash/2024-03-15"))
        await expectError(.notInTrash("dune")) { try await test.library.restore("dune") }
    }

    /// A status or folder changed in an update moves the book as a move does, instead of being
    /// dropped while the other keys are written.
    @Test(arguments: LibraryKind.allCases)
    func aStatusChangedInAnUpdateMovesTheBook(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "dune", title: "Dune", pages: 412, added: day("2024-01-01")), to: .reading, in: "")
        var book = try await test.library.book("dune")
        book.status = .finished
        book.rating = 4
        let finished = try await test.library.update(book)
        #expect(finished.status == .finished && finished.path == "finished/dune.md" && finished.rating == 4)
        #expect(finished.finished != nil, "the day a finish needs, as a move gives it")
        #expect(await !test.exists("reading/dune.md"))
        let filed = try await test.library.update("dune") { $0.folder = "sci-fi" }
        #expect(filed.path == "finished/sci-fi/dune.md" && filed.rating == 4)
    }

    /// A book built by hand, as a form builds one, not read from the library: it sets what it
    /// gives and removes nothing it leaves out (it once emptied authors, pages, tags and added).
    @Test(arguments: LibraryKind.allCases)
    func aBookNotReadFromTheLibraryChangesOnlyWhatItGives(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "dune", title: "Dune", authors: ["Frank Herbert"], pages: 412, tags: ["sci-fi"],
                                        added: day("2024-01-01"), extra: [.init("format", .string("paperback"))], body: "Notes.\n"),
                                   to: .toRead, in: "")
        let before = try #require(await test.text("to-read/dune.md"))
        let updated = try await test.library.update(Book(id: "dune", title: "Dune", rating: 4))
        #expect(updated.authors == ["Frank Herbert"] && updated.pages == 412 && updated.tags == ["sci-fi"])
        #expect(updated.added == day("2024-01-01") && updated.rating == 4 && updated.extra("format") == .string("paperback"))
        #expect(updated.body == "Notes.\n")
        let after = await test.text("to-read/dune.md") ?? ""
        #expect(after == before.replacingOccurrences(of: "added:", with: "rating: 4\nadded:"), "\(after)")
        // A copy read from the library still removes what it removes.
        var read = try await test.library.book("dune")
        read.tags = []
        #expect(try await test.library.update(read).tags == [])
    }

    @Test(.seededSessionNames, arguments: LibraryKind.allCases)
    func logNamesFilesAndStartsReading(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "circe", title: "Circe", pages: 400, added: day("2024-01-01")), to: .toRead, in: "")
        let nine = TimeOfDay(hour: 9, minute: 0)
        let first = try await test.library.log(ReadingSession(day: day("2024-03-10"), time: nine, from: 1, to: 40, minutes: 30,
                                                              extra: [.init("place", .string("train"))], note: "Great start."),
                                               for: "circe")
        #expect(first.path == "reading/circe/2024-03-10-0900-nxpc.md" && first.sequence == 1 && first.pagesRead(after: nil) == 40)
        #expect(first.time == nine)
        #expect(await test.text("reading/circe/2024-03-10-0900-nxpc.md") == "---\nfrom: 1\nto: 40\nminutes: 30\nplace: train\n---\n\nGreat start.\n")
        let book = try await test.library.book("circe")
        #expect(book.status == .reading && book.started == day("2024-03-10"))
        let second = try await test.library.log(ReadingSession(day: day("2024-03-10"), time: nine, to: 75), for: "circe")
        #expect(second.path == "reading/circe/2024-03-10-0900-2-mwwh.md" && second.sequence == 2 && second.from == 41)
        let third = try await test.library.log(ReadingSession(day: day("2024-03-10"), time: nine, pages: 5), for: "circe")
        #expect(third.path == "reading/circe/2024-03-10-0900-3-tmkk.md" && third.pagesRead(after: second) == 5)
        // The progress is 80: page 75, and the 5 pages counted after it.
        await expectError(.sessionPageBelowProgress(bookID: "circe", page: 50, progress: 80)) {
            try await test.library.log(ReadingSession(day: day("2024-03-11"), from: 40, to: 50), for: "circe")
        }
        await expectError(.invalidValue(path: "reading/circe/2024-03-12-2200-nxpc.md", key: "to", value: "80", reason: "is below from (90)",
                                        at: nil)) {
            try await test.library.log(ReadingSession(day: day("2024-03-12"), time: TimeOfDay(hour: 22, minute: 0), from: 90, to: 80),
                                       for: "circe")
        }
        let sessions = try await test.library.sessions(of: "circe")
        #expect(sessions.map(\.sequence) == [1, 2, 3])
        #expect(sessions.map(\.note) == ["Great start.\n", "", ""])
        #expect(try await test.library.sessions(since: day("2024-03-10")).items.count == 3)
        #expect(try await test.library.sessions(since: day("2024-03-11")).items.isEmpty)
    }

    @Test(arguments: LibraryKind.allCases)
    func batchAddIsAllOrNothing(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        await expectError(.invalidValue(path: "to-read/b.md", key: "rating", value: "9",
                                        reason: "should be between 0.5 and 5 in steps of 0.5", at: nil)) {
            try await test.library.add([NewBook(Book(title: "A"), to: .toRead, in: "new"), NewBook(Book(title: "B", rating: 9), to: .toRead, in: "")])
        }
        await expectError(.alreadyExists(path: "to-read/new/a.md")) {
            try await test.library.add([NewBook(Book(title: "A"), to: .toRead, in: "new"), NewBook(Book(title: "A"), to: .finished, in: "")])
        }
        #expect(await !test.exists("to-read/new"))
        #expect(try await test.library.books().isEmpty)

        // A write that fails midway: the folder "blocked" is a file, so the second book cannot be created.
        try await test.write("not a folder", to: "finished/blocked")
        await #expect(throws: ShelfError.self) {
            try await test.library.add([NewBook(Book(title: "A"), to: .toRead, in: "new"), NewBook(Book(title: "C"), to: .finished, in: "blocked/deeper")])
        }
        #expect(await !test.exists("to-read/new/a.md"))
        #expect(await !test.exists("to-read/new"))
        #expect(try await test.library.books().isEmpty)
    }

    @Test(arguments: LibraryKind.allCases)
    func batchUpdateAndDeleteAreAllOrNothing(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let a = try await test.library.add(Book(title: "A", rating: 3), to: .finished, in: "")
        let b = try await test.library.add(Book(title: "B", rating: 3), to: .finished, in: "")
        let before = await test.text("finished/a.md")
        var newA = a, newB = b
        newA.rating = 4
        newB.rating = 7
        await expectError(.invalidValue(path: "finished/b.md", key: "rating", value: "7",
                                        reason: "should be between 0.5 and 5 in steps of 0.5", at: nil)) {
            try await test.library.update([newA, newB])
        }
        #expect(await test.text("finished/a.md") == before)
        newB.rating = 4
        #expect(try await test.library.update([newA, newB]).map(\.rating) == [4, 4])
        let deleted = try await test.library.deleteBooks(matching: BookQuery(rating: 4...4))
        #expect(deleted.map(\.id) == ["a", "b"])
        #expect(try await test.library.books().isEmpty)
    }

    @Test func rollbackUndoesWritesMadeBeforeAFailure() async throws {
        let library = InMemoryLibrary(today: { testToday })
        await library.failNextWrite(at: "to-read/c.md")
        await #expect(throws: ShelfError.io(path: "to-read/c.md", operation: "write", message: "Input/output error")) {
            try await library.add([NewBook(Book(title: "A"), to: .toRead, in: "x"), NewBook(Book(title: "B"), to: .toRead, in: ""),
                                   NewBook(Book(title: "C"), to: .toRead, in: "")])
        }
        #expect(await !library.exists("to-read/x"))
        #expect(await !library.exists("to-read/b.md"))
        #expect(try await library.books().isEmpty)
    }

    @Test(arguments: LibraryKind.allCases)
    func resolvesReferences(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add([
            NewBook(.dune, to: .finished, in: "sci-fi"),
            NewBook(Book(id: "dune-messiah", title: "Dune Messiah"), to: .toRead, in: ""),
            NewBook(Book(title: "The Left Hand of Darkness"), to: .toRead, in: ""),
            NewBook(Book(title: "The Dispossessed"), to: .toRead, in: ""),
        ])
        #expect(try await test.library.resolve("dune").id == "dune")
        #expect(try await test.library.resolve("finished/sci-fi/dune.md").id == "dune")
        #expect(try await test.library.resolve("./finished/sci-fi/dune").id == "dune")
        #expect(try await test.library.resolve("the-left").id == "the-left-hand-of-darkness")
        #expect(try await test.library.resolve("messiah").id == "dune-messiah")
        #expect(try await test.library.resolve("DISPOSSESSED").id == "the-dispossessed")
        await expectError(.bookNotFound(reference: "dnue", closeMatches: ["dune"])) { try await test.library.resolve("dnue") }
        #expect(ShelfError.bookNotFound(reference: "dnue", closeMatches: ["dune"]).description
                == "no book matches \"dnue\"; did you mean dune?")
        await expectError(.ambiguousReference(reference: "the", candidates: ["the-dispossessed", "the-left-hand-of-darkness"])) {
            try await test.library.resolve("the")
        }
        await expectError(.ambiguousReference(reference: "dune-", candidates: ["dune-messiah"] + [])) {
            throw ShelfError.ambiguousReference(reference: "dune-", candidates: ["dune-messiah"])
        }
        await expectError(.bookNotFound(reference: "zzz", closeMatches: [])) { try await test.library.resolve("zzz") }
    }

    @Test(arguments: LibraryKind.allCases)
    func duplicateSlugsAreReported(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("---\ntitle: Dune\n---\n", to: "finished/dune.md")
        try await test.write("---\ntitle: Dune\n---\n", to: "to-read/sci-fi/dune.md")
        await expectError(.duplicateSlug(slug: "dune", paths: ["finished/dune.md", "to-read/sci-fi/dune.md"])) {
            try await test.library.book("dune")
        }
        #expect(try await test.library.check().map(\.description) == [
            "finished/dune.md: duplicate slug \"dune\": also to-read/sci-fi/dune.md; rename one of the files",
            "to-read/sci-fi/dune.md: duplicate slug \"dune\": also finished/dune.md; rename one of the files",
        ])
    }
}
