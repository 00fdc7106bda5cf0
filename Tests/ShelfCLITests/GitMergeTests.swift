import Foundation
import ShelfTestSupport
import Testing

/// Two devices share a library through git with shelf's merge driver installed: each test is a
/// case a person meets when both devices changed the same book, and asserts the merged bytes
/// and how the merge ended. Where plain git behaves differently, a test shows that too.
@Suite(.serialized)
struct GitMergeTests {
    static let dune = "finished/sci-fi/dune.md"

    /// The laptop changes and pushes, the desktop changes and commits, then pulls.
    private func merge(_ shared: SharedLibrary, laptop: (SharedLibrary.Device) throws -> Void,
                       desktop: (SharedLibrary.Device) throws -> Void) throws -> ChildProcess.Outcome {
        let first = shared.device("laptop"), second = shared.device("desktop")
        try laptop(first)
        try first.publish("laptop")
        try desktop(second)
        try second.commit("desktop")
        return try second.pull()
    }

    @Test func neighbouringKeysMergeCleanly() throws {
        let shared = try SharedLibrary()
        let base = try shared.device("desktop").read(Self.dune)
        let result = try merge(shared, laptop: { try $0.edit(Self.dune, "rating: 5", "rating: 4") },
                               desktop: { device in
                                   try device.edit(Self.dune, "tags: [sci-fi, classic]", "tags: [sci-fi, classic, reread]")
                                   try device.edit(Self.dune, "format: paperback", "format: ebook")
                               })
        #expect(result.status == 0, "\(result)")
        let expected = base.replacing("rating: 5", with: "rating: 4")
            .replacing("tags: [sci-fi, classic]", with: "tags: [sci-fi, classic, reread]")
            .replacing("format: paperback", with: "format: ebook")
        #expect(try shared.device("desktop").read(Self.dune) == expected)
        #expect(try shared.device("desktop").shelf("check").status == 0)
    }

    /// Two devices imported one KOReader session from databases taken at different times: the
    /// later import saw more page turns, covers the earlier one, and is kept whole; turns
    /// neither side covers are left to the ordinary merge, which stops.
    @Test(arguments: [true, false])
    func anImportedSessionThatGrewOnOneDeviceMergesToTheLongerOne(covered: Bool) throws {
        let shared = try SharedLibrary()
        let path = "reading/fantasy/the-name-of-the-wind/2026-11-20-2130-koreader.md"
        func session(to page: Int, minutes: Int, turns: String) -> String {
            "---\nfrom: 213\nto: \(page)\nminutes: \(minutes)\nsource: koreader\nkoreader: 0f1e2d3c4b5a69788796a5b4c3d2e1f0\n"
                + "koreader_turns: \(turns)\n---\n"
        }
        let earlier = session(to: 215, minutes: 2, turns: "1763670605+60@213/662 1763670665+45@214/662 1763670710+30@215/662")
        let later = session(to: 217, minutes: 4, turns: "1763670605+60@213/662 1763670665+45@214/662 1763670710+50@215/662 "
                                                         + "1763670760+40@216/662 1763670800+35@217/662")
        let other = session(to: 216, minutes: 3, turns: "1763670605+60@213/662 1763670665+45@214/662 1763670900+70@216/662")
        let result = try merge(shared, laptop: { try $0.write(path, later) }, desktop: { try $0.write(path, covered ? earlier : other) })
        if covered {
            #expect(result.status == 0, "\(result)")
            #expect(try shared.device("desktop").read(path) == later)
        } else {
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("koreader_turns changed on both sides"), "\(result)")
        }
    }

    @Test func plainGitStopsOnTheSameNeighbouringKeys() throws {
        let shared = try SharedLibrary(withDriver: false)
        let result = try merge(shared, laptop: { try $0.edit(Self.dune, "rating: 5", "rating: 4") },
                               desktop: { try $0.edit(Self.dune, "tags: [sci-fi, classic]", "tags: [sci-fi, reread]") })
        #expect(result.status == 1)
        #expect(result.stdout.contains("CONFLICT (content): Merge conflict in \(Self.dune)"))
    }

    @Test func theSameKeyChangedToOneValueIsNoConflict() throws {
        let shared = try SharedLibrary()
        let base = try shared.device("desktop").read(Self.dune)
        let result = try merge(shared, laptop: { try $0.edit(Self.dune, "rating: 5", "rating: 4.5") },
                               desktop: { try $0.edit(Self.dune, "rating: 5", "rating: 4.5 # second read") })
        #expect(result.status == 0, "\(result)")
        #expect(try shared.device("desktop").read(Self.dune) == base.replacing("rating: 5", with: "rating: 4.5 # second read"))
    }

    @Test func theSameKeyChangedToTwoValuesIsAConflictCheckExplainsAndSetResolves() throws {
        let shared = try SharedLibrary()
        let desktop = shared.device("desktop")
        let base = try desktop.read(Self.dune)
        let result = try merge(shared, laptop: { try $0.edit(Self.dune, "rating: 5", "rating: 3") },
                               desktop: { try $0.edit(Self.dune, "rating: 5", "rating: 4") })
        #expect(result.status == 1)
        #expect(result.stdout.contains("CONFLICT (content): Merge conflict in \(Self.dune)"))
        #expect(result.stderr.contains("shelf: \(Self.dune): rating changed on both sides (ours 4, theirs 3); both kept, see `shelf check`"))
        #expect(try desktop.read(Self.dune) == base.replacing("rating: 5", with: "rating: {ours: 4, theirs: 3}"))

        let check = try desktop.shelf("check")
        #expect(check.status == 1)
        #expect(check.stdout + check.stderr == """
            \(Self.dune):12:1: merge conflict: rating is 4 on our side and 3 on theirs; keep one with `shelf set dune rating=4` or by editing the line
            shelf: 1 problem in 1 file

            """)
        #expect(try desktop.shelf("set", "dune", "rating=3").status == 0)
        #expect(try desktop.read(Self.dune) == base.replacing("rating: 5", with: "rating: 3"))
        #expect(try desktop.shelf("check").status == 0)
        try desktop.git("add", Self.dune)
        try desktop.git("commit", "-q", "--no-edit")
    }

    @Test func tagsChangedOnBothSidesMergeAsSets() throws {
        let shared = try SharedLibrary()
        let base = try shared.device("desktop").read(Self.dune)
        let result = try merge(shared, laptop: { try $0.edit(Self.dune, "tags: [sci-fi, classic]", "tags: [sci-fi, desert]") },
                               desktop: { try $0.edit(Self.dune, "tags: [sci-fi, classic]", "tags: [favourite, sci-fi, classic]") })
        #expect(result.status == 0, "\(result)")
        #expect(try shared.device("desktop").read(Self.dune) == base.replacing("tags: [sci-fi, classic]", with: "tags: [favourite, sci-fi, desert]"))
    }

    /// A vault whose books keep their status among their tags: the laptop finishes Dune, the
    /// desktop gives it up. The tags would merge as sets into a book read and abandoned at once;
    /// the driver reads the library's map and stops on the status instead, and a tag added on
    /// one side with the status changed on the other still merges cleanly.
    @Test func aStatusKeptAmongTagsChangedOnBothSidesIsAConflict() throws {
        let note = "Notes/Dune.md"
        let shared = try SharedLibrary { seed in
            try seed.write(".shelf/config.yaml", """
                format: 2
                notes:
                  folder: Notes
                  only: {tag: book}
                  status: {tag: tags}
                  words: {finished: [read], reading: [reading], abandoned: [dnf]}

                """)
            try seed.write(note, "---\ntags: [book, reading]\nauthor: Frank Herbert\n---\nSpice.\n")
        }
        let desktop = shared.device("desktop")
        let result = try merge(shared, laptop: { try $0.edit(note, "[book, reading]", "[book, read]") },
                               desktop: { try $0.edit(note, "[book, reading]", "[book, dnf]") })
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("shelf: \(note): tags changed on both sides (ours [book, dnf], theirs [book, read])"), "\(result)")
        #expect(try desktop.read(note) == "---\ntags: {ours: [book, dnf], theirs: [book, read]}\nauthor: Frank Herbert\n---\nSpice.\n")
        // The note is still a book (its `only` tag is on both sides), and check says how to keep one side.
        let check = try desktop.shelf("check")
        #expect(check.status == 1)
        #expect(check.stdout == "\(note):2:1: merge conflict: tags is [book, dnf] on our side and [book, read] on theirs; "
            + "keep one with `shelf set Dune 'tags=book, dnf'` or by editing the line\n", "\(check)")
        let kept = try desktop.shelf("set", "Dune", "tags=book, read")
        #expect(kept.status == 0, "\(kept)")
        #expect(try desktop.read(note) == "---\ntags: [book, read]\nauthor: Frank Herbert\n---\nSpice.\n")
        #expect(try desktop.shelf("check").status == 0)
        #expect(try desktop.shelf("list", "status:finished", "--format", "paths").stdout == note + "\n")
        try desktop.commit("resolved")

        let clean = try merge(shared, laptop: { try $0.edit(note, "[book, read]", "[book, read, desert]") },
                              desktop: { try $0.edit(note, "[book, read]", "[book, dnf]") })
        #expect(clean.status == 0, "\(clean)")
        let merged = try desktop.read(note)
        #expect(merged == "---\ntags: [book, desert, dnf]\nauthor: Frank Herbert\n---\nSpice.\n")
    }

    @Test func keysAddedOnBothSidesBothStay() throws {
        let shared = try SharedLibrary()
        let base = try shared.device("desktop").read(Self.dune)
        let result = try merge(shared, laptop: { try $0.edit(Self.dune, "format: paperback\n", "format: paperback\nshelf_mark: B-12\n") },
                               desktop: { try $0.edit(Self.dune, "language: en\n", "language: en\ntranslator: none\n") })
        #expect(result.status == 0, "\(result)")
        #expect(try shared.device("desktop").read(Self.dune) == base
            .replacing("language: en\n", with: "language: en\ntranslator: none\n")
            .replacing("format: paperback\n", with: "format: paperback\nshelf_mark: B-12\n"))
    }

    @Test func aKeyRemovedOnOneSideGoes() throws {
        let shared = try SharedLibrary()
        let base = try shared.device("desktop").read(Self.dune)
        let result = try merge(shared, laptop: { try $0.edit(Self.dune, "cover: https://covers.openlibrary.org/b/isbn/9780441172719-L.jpg\n", "") },
                               desktop: { try $0.edit(Self.dune, "rating: 5", "rating: 4") })
        #expect(result.status == 0, "\(result)")
        #expect(try shared.device("desktop").read(Self.dune) == base
            .replacing("cover: https://covers.openlibrary.org/b/isbn/9780441172719-L.jpg\n", with: "")
            .replacing("rating: 5", with: "rating: 4"))
    }

    @Test func bodyEditsInDifferentPlacesMergeAndOnOneLineConflict() throws {
        let shared = try SharedLibrary()
        let desktop = shared.device("desktop")
        let base = try desktop.read(Self.dune)
        let clean = try merge(shared, laptop: { try $0.edit(Self.dune, "## Review\n", "## Review\n\nRead twice.\n") },
                              desktop: { device in
                                  try device.edit(Self.dune, "rating: 5", "rating: 4")
                                  try device.edit(Self.dune, "The appendices are worth reading too.\n", "The appendices are worth reading too.\nSo is the sequel.\n")
                              })
        #expect(clean.status == 0, "\(clean)")
        let merged = base.replacing("rating: 5", with: "rating: 4")
            .replacing("## Review\n", with: "## Review\n\nRead twice.\n")
            .replacing("The appendices are worth reading too.\n", with: "The appendices are worth reading too.\nSo is the sequel.\n")
        #expect(try desktop.read(Self.dune) == merged)

        let conflicted = try merge(shared, laptop: { try $0.edit(Self.dune, "Read twice.", "Read three times.") },
                                   desktop: { try $0.edit(Self.dune, "Read twice.", "Read twice, once aloud.") })
        #expect(conflicted.status == 1)
        #expect(try desktop.read(Self.dune).contains("<<<<<<< ours\nRead twice, once aloud.\n=======\nRead three times.\n>>>>>>> theirs\n"))
        let check = try desktop.shelf("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(Self.dune):22:1: merge conflict in the text: keep what you want between the <<<<<<<, ======= and >>>>>>> lines, then delete those lines"))
    }

    /// Sessions are named by the day, the time they began and letters drawn at random, so two
    /// devices logging one book on one day add two files, which git merges without the driver.
    @Test func twoDevicesLoggingOneBookOnOneDayNeverCollide() throws {
        let shared = try SharedLibrary()
        let folder = "reading/fantasy/the-name-of-the-wind/"
        let today = ExampleLibrary.today
        let result = try merge(shared, laptop: { device in
            let logged = try device.shelf("log", "wind", "--pages", "10", "--minutes", "20", "--at", "7:40", "--note", "On the bus.", environment: ExampleLibrary.lateToday)
            #expect(logged.status == 0, "\(logged)")
        }, desktop: { device in
            let logged = try device.shelf("log", "wind", "--minutes", "45", "--at", "21:10", "--note", "Before bed.", environment: ExampleLibrary.lateToday)
            #expect(logged.status == 0, "\(logged)")
        })
        #expect(result.status == 0, "\(result)")
        let desktop = shared.device("desktop")
        #expect(try desktop.read(folder + "\(today)-0740-\(firstSeededSuffix).md") == "---\nminutes: 20\npages: 10\n---\n\nOn the bus.\n")
        #expect(try desktop.read(folder + "\(today)-2110-\(firstSeededSuffix).md") == "---\nminutes: 45\n---\n\nBefore bed.\n")
        let sessions = try desktop.shelf("sessions", "wind", "--since", "today", "--format", "{date} {time} {minutes}")
        #expect(sessions.stdout == "\(today) 07:40 20\n\(today) 21:10 45\n", "\(sessions)")
        #expect(try desktop.shelf("check").status == 0)
    }

    /// The same book logged in the same minute on two devices, as a person does who logs the
    /// same evening's reading on laptop and desktop: two files after the merge, read as two
    /// sessions. Each device draws its own letters (seeds 1 and 2 here, the system's random
    /// source in use).
    @Test(arguments: [("--pages", "20"), ("--to", "120")])
    func sessionsLoggedInTheSameMinuteOnTwoDevicesStayTwo(_ option: String, _ value: String) throws {
        let shared = try SharedLibrary()
        let folder = "reading/cloud-atlas/"
        let clock = ["SHELF_NOW": "2026-11-21T21:30"]
        let result = try merge(shared, laptop: { device in
            let logged = try device.shelf("log", "cloud-atlas", option, value, "--minutes", "15", "--date", "2026-11-20",
                                          environment: clock.merging(["SHELF_SEED": "2"]) { $1 })
            #expect(logged.status == 0, "\(logged)")
        }, desktop: { device in
            let logged = try device.shelf("log", "cloud-atlas", option, value, "--minutes", "30", "--date", "2026-11-20",
                                          environment: clock)
            #expect(logged.status == 0, "\(logged)")
        })
        #expect(result.status == 0, "\(result)")
        let desktop = shared.device("desktop")
        let names = try FileManager.default.contentsOfDirectory(atPath: desktop.root.appendingPathComponent(folder).path)
            .filter { $0.hasPrefix("2026-11-20") }.sorted()
        #expect(names.count == 2 && Set(names.map { $0.prefix(15) }) == ["2026-11-20-2130"], "\(names)")
        let sessions = try desktop.shelf("sessions", "cloud-atlas", "--since", "2026-11-20", "--format", "{date} {time} {minutes}",
                                         environment: clock)
        #expect(sessions.stdout == "2026-11-20 21:30 15\n2026-11-20 21:30 30\n" || sessions.stdout == "2026-11-20 21:30 30\n2026-11-20 21:30 15\n",
                "\(sessions)")
        // Pages logged as a count add up; two sittings that both read pages 97–120 are an
        // overlap `check` reports.
        let check = try desktop.shelf("check", environment: clock)
        #expect(check.status == (option == "--pages" ? 0 : 1), "\(check)")
    }

    /// Two session files with one name, as people writing them by hand (or an older shelf) can
    /// add on two devices: the driver merges them key by key, and what differs is a conflict
    /// `check` explains.
    @Test func handWrittenSessionsOfOneNameAreMergedKeyByKey() throws {
        let shared = try SharedLibrary()
        let path = "reading/fantasy/the-name-of-the-wind/\(ExampleLibrary.today)-0740.md"
        let result = try merge(shared, laptop: { try $0.write(path, "---\nminutes: 20\n---\n") },
                               desktop: { try $0.write(path, "---\nminutes: 25\n---\n") })
        #expect(result.status == 1)
        #expect(result.stdout.contains("CONFLICT (add/add): Merge conflict in \(path)"), "\(result)")
        let desktop = shared.device("desktop")
        #expect(try desktop.read(path) == "---\nminutes: {ours: 25, theirs: 20}\n---\n")
        let check = try desktop.shelf("check")
        #expect(check.status == 1)
        let name = "\(ExampleLibrary.today)-0740"
        #expect(check.stdout.contains("\(path):2:1: merge conflict: minutes is 25 on our side and 20 on theirs; keep one with "
                                      + "`shelf session edit the-name-of-the-wind \(name) --minutes 25` or by editing the line"), "\(check)")
        // The session still reads, and the command check suggests resolves it.
        #expect(try desktop.shelf("sessions", "wind", "--since", "today", "--format", "{name} {minutes}").stdout == "\(name) \n")
        let fixed = try desktop.shelf("session", "edit", "wind", name, "--minutes", "25")
        #expect(fixed.status == 0, "\(fixed)")
        #expect(try desktop.read(path) == "---\nminutes: 25\n---\n")
        #expect(try desktop.shelf("check").status == 0)
    }

    @Test func aMoveOnOneSideAndAnEditOnTheOtherEndInTheNewFolderWithTheEdit() throws {
        let shared = try SharedLibrary()
        let base = try shared.device("desktop").read(Self.dune)
        let result = try merge(shared, laptop: { device in let moved = try device.shelf("move", "dune", "to-read"); #expect(moved.status == 0, "\(moved)") },
                               desktop: { try $0.edit(Self.dune, "rating: 5", "rating: 4") })
        #expect(result.status == 0, "\(result)")
        let desktop = shared.device("desktop")
        #expect(!desktop.exists(Self.dune))
        #expect(try desktop.read("to-read/sci-fi/dune.md") == base.replacing("rating: 5", with: "rating: 4"))
        #expect(desktop.exists("to-read/sci-fi/dune/2024-01-02.md"))
        #expect(try desktop.shelf("check").status == 0)
    }

    @Test func aDeleteOnOneSideAndAnEditOnTheOtherIsAConflictCheckExplains() throws {
        let shared = try SharedLibrary()
        let result = try merge(shared, laptop: { device in let removed = try device.shelf("rm", "neuromancer"); #expect(removed.status == 0, "\(removed)") },
                               desktop: { try $0.edit("finished/sci-fi/neuromancer.md", "title: Neuromancer", "title: Neuromancer (Sprawl 1)") })
        #expect(result.status == 1)
        #expect(result.stdout.contains("CONFLICT (modify/delete): finished/sci-fi/neuromancer.md deleted in origin/main"))
        let check = try shared.device("desktop").shelf("check")
        #expect(check.status == 1)
        #expect(check.stdout == "finished/sci-fi/neuromancer.md: deleted on one side of the merge and changed on the other; keep it with `git add finished/sci-fi/neuromancer.md` or delete it with `git rm finished/sci-fi/neuromancer.md`\n", "\(check)")
    }

    /// The case a person met: a book with sessions removed on the laptop and rated on the
    /// desktop. The laptop's delete took the session files with it, which git merges away
    /// without a conflict; following `check`'s advice keeps the book and brings them back, on
    /// whichever side the book was deleted.
    @Test(arguments: [true, false])
    func keepingABookDeletedOnOneSideKeepsItsSessions(deletedOnTheLaptop: Bool) throws {
        let shared = try SharedLibrary()
        let book = "reading/fantasy/the-name-of-the-wind.md", folder = "reading/fantasy/the-name-of-the-wind"
        let remove: (SharedLibrary.Device) throws -> Void = { device in
            let removed = try device.shelf("rm", "wind")
            #expect(removed.status == 0, "\(removed)")
        }
        let rate: (SharedLibrary.Device) throws -> Void = { device in
            let rated = try device.shelf("set", "wind", "rating=3")
            #expect(rated.status == 0, "\(rated)")
        }
        let result = try merge(shared, laptop: deletedOnTheLaptop ? remove : rate, desktop: deletedOnTheLaptop ? rate : remove)
        #expect(result.status == 1)
        #expect(result.stdout.contains("CONFLICT (modify/delete): \(book)"), "\(result)")
        let desktop = shared.device("desktop")
        let check = try desktop.shelf("check")
        #expect(check.status == 1)
        let side = deletedOnTheLaptop ? "HEAD" : "MERGE_HEAD"
        let advice = "\(book): deleted on one side of the merge and changed on the other; keep it and its sessions with "
            + "`git checkout \(side) -- \(book) \(folder)` or delete it with `git rm \(book)`"
        #expect(check.stdout == advice + "\n", "\(check)")
        // As a person would: the command between the first pair of backticks, then the commit.
        let command = try #require(advice.split(separator: "`").dropFirst().first).split(separator: " ").dropFirst().map(String.init)
        let kept = try ChildProcess.run("/usr/bin/git", command, in: desktop.root.path, environment: shared.environment)
        #expect(kept.status == 0, "\(kept)")
        try desktop.git("commit", "-q", "--no-edit")
        #expect(try desktop.read(book).contains("rating: 3"))
        let sessions = try desktop.shelf("sessions", "wind", "--format", "{name}")
        #expect(sessions.stdout == "2026-10-01\n2026-10-03\n2026-10-03-2\n2026-10-11\n", "\(sessions)")
        #expect(try desktop.shelf("check").status == 0)
    }

    @Test func crlfFilesKeepTheirLineBreaks() throws {
        let path = "finished/sci-fi/solaris.md"
        var crlf: [UInt8] = []
        let shared = try SharedLibrary { seed in
            for byte in try seed.bytes(path) {
                if byte == UInt8(ascii: "\n") { crlf.append(UInt8(ascii: "\r")) }
                crlf.append(byte)
            }
            try seed.writeBytes(path, crlf)
        }
        let result = try merge(shared, laptop: { try $0.edit(path, "rating: 4\r\n", "rating: 5\r\n") },
                               desktop: { try $0.edit(path, "added: ", "shelf_mark: B-12\r\nadded: ") })
        #expect(result.status == 0, "\(result)")
        let merged = try shared.device("desktop").bytes(path)
        let expected = String(decoding: crlf, as: UTF8.self).replacing("rating: 4\r\n", with: "rating: 5\r\n")
            .replacing("added: ", with: "shelf_mark: B-12\r\nadded: ")
        #expect(merged == Array(expected.utf8))
    }

    @Test func commentsOnEachSideStay() throws {
        let shared = try SharedLibrary()
        let base = try shared.device("desktop").read(Self.dune)
        let result = try merge(shared, laptop: { try $0.edit(Self.dune, "rating: 5\n", "rating: 4 # lower on a reread\n") },
                               desktop: { try $0.edit(Self.dune, "format: paperback\n", "# the 1990 Ace printing\nformat: paperback\n") })
        #expect(result.status == 0, "\(result)")
        #expect(try shared.device("desktop").read(Self.dune) == base
            .replacing("rating: 5\n", with: "rating: 4 # lower on a reread\n")
            .replacing("format: paperback\n", with: "# the 1990 Ace printing\nformat: paperback\n"))
    }

    @Test func theIndexIsNeverCommittedAndFollowsTheMerge() throws {
        let shared = try SharedLibrary()
        let desktop = shared.device("desktop")
        #expect(try desktop.shelf("list", "rating:5", "--format", "paths").stdout.contains(Self.dune))
        let result = try merge(shared, laptop: { try $0.edit(Self.dune, "rating: 5", "rating: 2") },
                               desktop: { try $0.edit(Self.dune, "format: paperback", "format: ebook") })
        #expect(result.status == 0, "\(result)")
        #expect(try desktop.shelf("list", "rating:2", "--format", "paths").stdout.contains(Self.dune))
        #expect(try desktop.git("status", "--short", "--ignored", ".shelf").stdout.contains("!! .shelf/index.sqlite"))
        #expect(try desktop.git("ls-files", ".shelf").stdout == ".shelf/.gitignore\n.shelf/config.yaml\n")
    }

    @Test func gitSetupIsIdempotentAndKeepsAttributesOfItsOwn() throws {
        let shared = try SharedLibrary()
        let desktop = shared.device("desktop")
        try desktop.write(".gitattributes", "*.pdf binary\n*.md merge=shelf\n")
        expectRun(try desktop.shelf("git-setup"), stdout: "The merge driver was already set up.\n")
        try desktop.write(".gitattributes", "*.pdf binary")
        expectRun(try desktop.shelf("git-setup"), stdout: "Added `*.md merge=shelf` to .gitattributes.\n")
        #expect(try desktop.read(".gitattributes") == "*.pdf binary\n*.md merge=shelf\n")
    }
}

/// `shelf init` in a git repository sets the driver up by itself.
struct InitInGitTests {
    @Test func initInARepositoryInstallsTheDriver() throws {
        let folder = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["GIT_CONFIG_NOSYSTEM": "1", "HOME": folder]
        #expect(try ChildProcess.run("/usr/bin/git", ["init", "-q", "books"], in: folder, environment: environment).status == 0)
        let result = try ChildProcess.run(BuiltExecutable.shelf, ["init", "books"], in: folder, environment: environment)
        expectRun(result, stdout: """
            Created a library in \(folder)/books with statuses to-read, reading, finished, abandoned.
            In its git repository: added `*.md merge=shelf` to .gitattributes; set merge.shelf.name in the repository's .git/config; set merge.shelf.driver in the repository's .git/config.

            """)
        let driver = try ChildProcess.run("/usr/bin/git", ["config", "merge.shelf.driver"], in: folder + "/books", environment: environment)
        #expect(driver.stdout.hasPrefix("if command -v shelf >/dev/null 2>&1; then shelf merge-driver"))
        let plain = try ChildProcess.run(BuiltExecutable.shelf, ["init", "plain"], in: folder, environment: environment)
        expectRun(plain, stdout: "Created a library in \(folder)/plain with statuses to-read, reading, finished, abandoned.\n")
    }
}
