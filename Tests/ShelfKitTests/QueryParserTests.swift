@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The query language: what parses to what, and the messages for what does not.
struct QueryParserTests {
    private func parse(_ text: String) throws -> QueryExpression {
        try Query(parsing: text, today: testToday).expression
    }

    @Test
    func termsAreAndedOrAndNotGroup() throws {
        let expression = try parse("author:herbert (tag:kindle or -tag:reread) not dune")
        guard case .and(let items) = expression, items.count == 3 else {
            Issue.record("expected three terms, got \(expression)")
            return
        }
        #expect(items[0] == .term(QueryTerm(.compare(QueryField(name: "author"), .contains("herbert")), source: "author:herbert")))
        guard case .or(let alternatives) = items[1], case .not = alternatives[1] else {
            Issue.record("expected an or with a negation, got \(items[1])")
            return
        }
        #expect(items[2] == .not(.term(QueryTerm(.text(words: ["dune"]), source: "dune"))))
    }

    @Test(arguments: [
        ("finished:2024", QueryPredicate.within(low: 20240101, high: 20241231)),
        ("finished:2024-02", .within(low: 20240201, high: 20240229)),
        ("finished>2023", .after(20231231)),
        ("finished:>=2024-03", .notBefore(20240301)),
        ("added:2023..2024-06", .within(low: 20230101, high: 20240630)),
        ("added:..2023", .within(low: nil, high: 20231231)),
        ("added:>30d", .after(20240214)),
        ("finished:this-year", .within(low: 20240101, high: 20241231)),
        ("finished:last-year", .within(low: 20230101, high: 20231231)),
        ("pages:100..300", .within(low: 100, high: 300)),
        ("rating>=4.5", .notBefore(4.5)),
        ("pages<100", .before(100)),
        ("author=Márquez", .equals("marquez")),
    ])
    func comparisons(_ text: String, _ predicate: QueryPredicate) throws {
        guard case .term(let term) = try parse(text), case .compare(_, let parsed) = term.test else {
            Issue.record("\(text) is not one comparison")
            return
        }
        #expect(parsed == predicate)
    }

    @Test(arguments: [
        ("pages:abc", "pages expects a number, found \"abc\" in \"pages:abc\""),
        ("finished:soon", "finished expects a date (2024, 2024-03, 2024-03-01, today, yesterday, this-month, last-month, "
            + "this-year, last-year, 30d, 4w or last-monday), found \"soon\" in \"finished:soon\""),
        ("author:", "missing a value after the field in \"author:\""),
        ("title:\"the left", "missing closing quote in \"title:\"the left\""),
        ("(dune or", "\"or\" needs a term on each side in \"or\""),
        ("(dune", "\"(\" without a matching \")\" in \"(\""),
        ("dune)", "\")\" without a matching \"(\" in \")\""),
        ("(", "\"(\" without a matching \")\" in \"(\""),
        ("rating>=4 and (", "\"(\" without a matching \")\" in \"(\""),
        ("dune or ((", "\"(\" without a matching \")\" in \"(\""),
        ("()", "\"(\" needs a term after it in \"(\""),
        (")", "\")\" without a matching \"(\" in \")\""),
        ("dune -", "\"-\" needs a term after it in \"-\""),
        ("title:a..c", "title holds text, so it takes no range in \"title:a..c\"; ranges are for numbers and dates"),
    ])
    func errorMessages(_ text: String, _ message: String) {
        do {
            let parsed = try parse(text)
            Issue.record("\(text) parsed as \(parsed)")
        } catch let error as QueryError {
            #expect(error.description == message)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: LibraryKind.allCases)
    func unknownFieldSuggestsTheNearestOne(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        await expectError(.invalidQuery(QueryError(.unknownField(name: "autor", suggestions: ["author"]), term: "autor:herbert"))) {
            try await test.library.books(matching: "autor:herbert")
        }
        let error = ShelfError.invalidQuery(QueryError(.unknownField(name: "autor", suggestions: ["author"]), term: "autor:herbert"))
        #expect(error.description == "unknown field \"autor\" in \"autor:herbert\" (did you mean author?)")
        // A custom key some book has is a field.
        #expect(try await test.library.books(matching: "format:paper").map(\.id) == ["dune"])
    }

    @Test(arguments: LibraryKind.allCases)
    func fieldsMatchAsDocumented(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "sci-fi")
        try await test.library.add(Book(id: "cien", title: "Cien años de soledad", authors: ["Gabriel García Márquez"],
                                        published: .day(day("1967-05-30")), pages: 417, tags: ["classic"]),
                                   to: .reading, in: "")
        try await test.library.log(ReadingSession(day: day("2024-03-01"), from: 1, to: 209, minutes: 90,
                                                  note: "Macondo rain"), for: "cien")
        let cases: [(String, [BookID])] = [
            ("author:marquez", ["cien"]), ("author:MÁRQUEZ", ["cien"]), ("author=\"frank herbert\"", ["dune"]), ("author=frank", []),
            ("tag:classic -sci-fi", ["cien"]), ("folder:sci", ["dune"]), ("status:finished", ["dune"]),
            ("published:1967", ["cien"]), ("published:1965", ["dune"]), ("published<1966", ["dune"]),
            ("finished:2024-02", ["dune"]), ("year:2024", ["dune"]), ("progress>=50", ["cien"]), ("sessions:1", ["cien"]),
            ("read>200", ["cien"]), ("minutes:90", ["cien"]), ("has:series", ["dune"]), ("missing:rating", ["cien"]),
            ("macondo", ["cien"]), ("\"first hundred\"", ["dune"]), ("soled", ["cien"]), ("dune or cien", ["cien", "dune"]),
            ("pages:400..415", ["dune"]), ("rating>4", ["dune"]), ("title<d", ["cien"]),
        ]
        for (text, expected) in cases {
            let found = try await test.library.books(matching: text).map(\.id)
            #expect(found.sorted() == expected.sorted(), "\(text)")
        }
    }
}

/// Which text terms of a query `search` shows its hits with.
struct SearchPhraseTests {
    @Test(arguments: [
        ("ecology", [["ecology"]], [[String]]()),
        ("\"the desert\" author:herbert spice", [["the", "desert"], ["spice"]], []),
        ("shrike or keats", [], [["shrike"], ["keats"]]),
        ("dune (shrike or keats) -worm", [["dune"]], [["shrike"], ["keats"]]),
        ("author:herbert", [], []),
        ("not worm", [], []),
    ] as [(String, [[String]], [[String]])])
    func phrases(_ text: String, _ required: [[String]], _ optional: [[String]]) throws {
        let phrases = try Query(parsing: text, today: testToday).expression.searchPhrases
        #expect(phrases.required == required)
        #expect(phrases.optional == optional)
    }
}
