import Foundation
import ShelfTestSupport
import Testing

/// The query language as typed in a shell, templates, search and the index switch.
struct QueryAndSearchTests {
    @Test func negatedTermsWorkAsTyped() throws {
        let library = try ExampleLibrary()
        let typed = try library.shelf("list", "status:finished", "-tag:sci-fi", "rating>=5", "--format", "paths")
        #expect(typed.status == 0)
        #expect(typed.stdout == """
            finished/fiction/beloved.md
            finished/fiction/classics/middlemarch.md
            finished/fiction/classics/one-hundred-years-of-solitude.md
            finished/fiction/piranesi.md

            """)
        let quoted = try library.shelf("list", "status:finished -tag:sci-fi rating>=5", "--format", "paths")
        let afterSeparator = try library.shelf("list", "--format", "paths", "--", "status:finished", "-tag:sci-fi", "rating>=5")
        #expect(quoted.stdout == typed.stdout)
        #expect(afterSeparator.stdout == typed.stdout)
    }

    @Test func accentsAndCaseAreIgnored() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "author:MARQUEZ", "--format", "{title} — {authors}")
        #expect(result.stdout == "One Hundred Years of Solitude — Gabriel García Márquez\n")
    }

    @Test func templatesAndSortingByAnyField() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "finished:2024", "--sort", "finished-", "--limit", "3",
                                       "--format", "{finished} {{{id}}} {title}")
        #expect(result.status == 0)
        #expect(result.stdout == """
            2024-12-20 {good-omens} Good Omens
            2024-11-30 {middlemarch} Middlemarch
            2024-08-13 {the-road} The Road

            """)
    }

    @Test func templatesShowComputedFieldsAsQueriesSeeThem() throws {
        let library = try ExampleLibrary()
        // The same numbers the query language filters on: progress 30 % or more, read, year.
        let result = try library.shelf("list", "progress>=30", "status:reading",
                                       "--format", "{title}: {sessions} sessions, {read} pages, {progress}%, {minutes} min")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            Anna Karenina: 5 sessions, 271 pages, 32%, 320 min
            The Fall of Hyperion: 4 sessions, 251 pages, 48%, 280 min
            The Name of the Wind: 4 sessions, 212 pages, 32%, 250 min

            """)
        let withoutIndex = try library.shelf("list", "--no-index", "progress>=30", "status:reading",
                                             "--format", "{title}: {sessions} sessions, {read} pages, {progress}%, {minutes} min")
        #expect(withoutIndex.stdout == result.stdout)
        let year = try library.shelf("list", "finished:2024", "--sort", "finished", "--limit", "1", "--format", "{year} {title}")
        #expect(year.stdout == "2024 Dune\n")
    }

    @Test func aTemplateFieldNoBookHasIsAWarning() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "title:dune", "--format", "{title}|{titel}|{format}")
        #expect(result.status == 0)
        #expect(result.stdout == "Dune||paperback\n")
        #expect(result.stderr == "shelf: warning: no book listed has \"titel\"; {titel} is left empty\n")
    }

    @Test func aBadQueryIsAUsageErrorNamingTheTerm() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "autor:herbert")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "shelf: unknown field \"autor\" in \"autor:herbert\" (did you mean author?)\n")
    }

    @Test func theIndexAndTheFilesGiveTheSameAnswers() throws {
        let library = try ExampleLibrary()
        for query in [["author:le"], ["rating>=4", "-tag:classic"], ["added:2023..2024"], ["ecology"], ["has:series", "pages<400"]] {
            let indexed = try library.shelf(["list", "--format", "paths"] + query)
            let direct = try library.shelf(["list", "--no-index", "--format", "paths"] + query)
            #expect(indexed.status == 0)
            #expect(indexed.stdout == direct.stdout, "\(query)")
            #expect(!indexed.stdout.isEmpty, "\(query)")
        }
    }

    @Test func anEditOutsideShelfIsSeenByTheNextCommand() throws {
        let library = try ExampleLibrary()
        #expect(try library.shelf("list", "tag:reread", "--format", "paths").stdout == "")
        let dune = try library.read("finished/sci-fi/dune.md")
        try library.write("finished/sci-fi/dune.md", dune.replacingOccurrences(of: "tags: [sci-fi, classic]", with: "tags: [sci-fi, reread]"))
        #expect(try library.shelf("list", "tag:reread", "--format", "paths").stdout == "finished/sci-fi/dune.md\n")
    }

    @Test func searchFindsBooksAndSessionNotesWithTheirLines() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("search", "shrike")
        #expect(result.status == 0)
        #expect(result.stdout == """
            reading/the-fall-of-hyperion/2026-11-14.md:7  session of The Fall of Hyperion
                The Shrike scenes are genuinely upsetting.

            """)
        // Nothing found is exit status 1, as for grep and rg; in JSON, an empty array.
        expectRun(try library.shelf("search", "zzzq"), status: 1, stderr: "shelf: nothing matches \"zzzq\"\n")
        expectRun(try library.shelf("search", "zzzq", "--format", "json"), status: 1, stdout: "[]\n")
        // list is a listing: no row, exit 0.
        expectRun(try library.shelf("list", "zzzq"))
    }

    /// search takes list's query language: fields, or, negation; a hit shows the title and
    /// the notes' text, never a line of YAML.
    @Test func searchSpeaksTheQueryLanguage() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("search", "author:herbert"), stdout: """
            finished/sci-fi/dune.md:22  Dune
                Slow first hundred pages, then I couldn't stop. The ecology is the real main

            """)
        expectRun(try library.shelf("search", "piranesi", "--limit", "1"), stdout: """
            finished/fiction/piranesi.md:16  Piranesi
                The Beauty of the House is immeasurable; its Kindness infinite.

            """)
        expectRun(try library.shelf("search", "shrike", "or", "keats"), stdout: """
            reading/the-fall-of-hyperion/2026-10-26.md:8  session of The Fall of Hyperion
                Keats is a strange narrator. I like it more than I expected.
            reading/the-fall-of-hyperion/2026-11-14.md:7  session of The Fall of Hyperion
                The Shrike scenes are genuinely upsetting.

            """)
        expectRun(try library.shelf("search", "shrike", "-author:simmons"), status: 1,
                  stderr: "shelf: nothing matches \"shrike -author:simmons\"\n")
        let typo = try library.shelf("search", "autor:herbert")
        #expect(typo.status == 2 && typo.stderr.hasPrefix("shelf: unknown field \"autor\" in \"autor:herbert\" (did you mean author?)"),
                "\(typo)")
    }

    @Test func reindexRebuildsFromTheFiles() throws {
        let library = try ExampleLibrary()
        try library.write(".shelf/index.sqlite", "not a database")
        let result = try library.shelf("reindex")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("indexed 47 books in "))
        #expect(try library.shelf("list", "author:herbert", "--format", "paths").stdout == "finished/sci-fi/dune.md\n")
    }
}

/// Restoring a book whose slug was taken meanwhile.
struct RestoreConflictTests {
    @Test func restoreRefusesToOverwriteANewBookWithTheSameSlug() throws {
        let library = try ExampleLibrary()
        #expect(try library.shelf("rm", "circe").status == 0)
        #expect(try library.shelf("add", "Circe", "--author", "Madeline Miller").stdout == "to-read/circe.md\n")
        let result = try library.shelf("restore", "circe")
        #expect(result.status == 1)
        #expect(result.stderr == "shelf: cannot restore circe: to-read/circe.md has that slug now; rename or remove it first, then restore\n")
        #expect(try library.read("to-read/circe.md").contains("added: "))
    }
}

/// Library options typed before the command reach the command, however deep it is.
struct LeadingOptionTests {
    @Test func libraryOptionsBeforeNestedCommands() throws {
        let library = try ExampleLibrary()
        let csv = #"""
            Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
            18144590,The Martian,Andy Weir,"Weir, Andy",,"=""0553418025""","=""9780553418026""",0,4.40,Broadway Books,Paperback,387,2014,2011,,2026/01/04,to-read,to-read (#12),to-read,,,,0,0

            """#
        try library.write("import/goodreads.csv", csv)
        let imported = try library.shelf(["--library", library.root.path, "import", "goodreads", "goodreads.csv", "--dry-run"],
                                         in: "import")
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.contains("1 added"), "\(imported)")
        let direct = try library.shelf(["--no-index", "list", "--format", "paths", "--", "-status:to-read", "-status:finished",
                                        "-status:abandoned"], in: ".")
        #expect(direct.stdout == """
            reading/classics/anna-karenina.md
            reading/cloud-atlas.md
            reading/tech/designing-data-intensive-applications.md
            reading/the-fall-of-hyperion.md
            reading/fantasy/the-name-of-the-wind.md

            """, "\(direct)")
    }
}

/// A status typo is refused with the statuses that come close, as a field typo is, by every
/// command that filters, with or without the index.
struct StatusTypoTests {
    static let runs: [([String], String)] = [
        (["list", "--status", "finishd"], "status=finishd"),
        (["list", "status:finishd"], "status:finishd"),
        (["list", "--no-index", "status:finishd"], "status:finishd"),
        (["list", "author:herbert", "-status:finishd"], "status:finishd"),
        (["export", "--status", "finishd"], "status=finishd"),
        (["export", "--format", "csv", "status:finishd"], "status:finishd"),
        (["stats", "--status", "finishd"], "status=finishd"),
        (["stats", "--format", "json", "status:Finishd"], "status:Finishd"),
    ]

    @Test(arguments: runs)
    func aStatusTypoIsAnInvalidQuery(arguments: [String], term: String) throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf(arguments), status: 2,
                  stderr: "shelf: unknown status \"finishd\" in \"\(term)\" (did you mean finished?)\n")
        #expect(try library.status() == "")
    }

    @Test func aStatusFarFromAnyListsThemAll() throws {
        let library = try ExampleLibrary()
        expectRun(try library.shelf("list", "status:read"), status: 2, stderr: """
            shelf: unknown status "read" in "status:read"; the statuses are to-read, reading, finished, abandoned

            """)
        expectRun(try library.shelf("list", "--status", "done now"), status: 2, stderr: """
            shelf: unknown status "done now" in "status="done now""; the statuses are to-read, reading, finished, abandoned

            """)
    }

    @Test func aStatusIsMatchedWholeIgnoringCase() throws {
        let library = try ExampleLibrary()
        let reading = """
            reading/classics/anna-karenina.md
            reading/cloud-atlas.md
            reading/tech/designing-data-intensive-applications.md
            reading/the-fall-of-hyperion.md
            reading/fantasy/the-name-of-the-wind.md

            """
        expectRun(try library.shelf("list", "status:READING", "--format", "paths"), stdout: reading)
        expectRun(try library.shelf("list", "--status", "Reading", "--format", "paths"), stdout: reading)
        expectRun(try library.shelf("list", "--no-index", "status:reading", "--format", "paths"), stdout: reading)
    }
}

/// Files written by other tools: a value shelf cannot read hides nothing else.
struct ForeignValueTests {
    @Test func aBookWithAWronglyTypedValueIsListedAndTheValueReported() throws {
        let library = try ExampleLibrary()
        let text = "---\ntitle: Project Hail Mary\nauthors: [Andy Weir]\nrating: ⭐⭐⭐⭐\n---\n"
        try library.write("finished/project-hail-mary-2.md", text)
        let result = try library.shelf("list", "author:weir", "--format", "paths")
        // Same title: the path breaks the tie.
        #expect(result.stdout == "finished/project-hail-mary-2.md\nfinished/sci-fi/project-hail-mary.md\n")
        #expect(result.stderr == """
            shelf: warning: finished/project-hail-mary-2.md:4:9: rating should be a number, found "⭐⭐⭐⭐"; run `shelf check` for details

            """)
        #expect(try library.shelf("set", "project-hail-mary-2", "format=ebook").status == 0)
        #expect(try library.read("finished/project-hail-mary-2.md")
            == "---\ntitle: Project Hail Mary\nauthors: [Andy Weir]\nrating: ⭐⭐⭐⭐\nformat: ebook\n---\n")
    }
}
