import Testing

/// The corpus test's checks, on edits known to be right or wrong: a check that passes
/// everything would make the corpus test pass whatever shelf does.
///
/// Nested in ``CorpusTests`` so they run in its series, never while the corpus test has sent
/// standard error, where Swift Testing reports, to /dev/null.
extension CorpusTests {
    struct ByteCheckTests {
        struct Case: Sendable, CustomTestStringConvertible {
            var name: String
            var before: String
            var after: String
            var keys: Set<String>
            /// The category `ByteCheck` must report, or `nil` for an edit it must accept.
            var category: String?

            var testDescription: String { name }
        }

        static let cases: [Case] = [
            Case(name: "a changed value", before: "---\ntitle: Dune\nrating: 3\n---\nBody\n",
                 after: "---\ntitle: Dune\nrating: 4\n---\nBody\n", keys: ["rating"], category: nil),
            Case(name: "a new key in a CRLF file", before: "---\r\ntitle: Dune\r\n---\r\nBody",
                 after: "---\r\ntitle: Dune\r\nrating: 4\r\n---\r\nBody", keys: ["rating"], category: nil),
            Case(name: "a removed block list", before: "---\ntitle: Dune\ntags:\n  - a\n  - b\n# kept\n---\n",
                 after: "---\ntitle: Dune\n# kept\n---\n", keys: ["tags"], category: nil),
            Case(name: "an LF line in a CRLF file", before: "---\r\ntitle: Dune\r\n---\r\nBody",
                 after: "---\r\ntitle: Dune\r\nrating: 4\n---\r\nBody", keys: ["rating"],
                 category: "a changed key's line ends with another line break"),
            Case(name: "a final newline added", before: "---\ntitle: Dune\n---\nBody",
                 after: "---\ntitle: Dune\nrating: 4\n---\nBody\n", keys: ["rating"], category: "bytes outside the changed keys differ"),
            Case(name: "a byte order mark dropped", before: "\u{FEFF}---\ntitle: Dune\n---\n",
                 after: "---\ntitle: Dune\nrating: 4\n---\n", keys: ["rating"], category: "bytes outside the changed keys differ"),
            Case(name: "a comment removed with the key", before: "---\ntitle: Dune\nrating: 3\n# mine\n---\n",
                 after: "---\ntitle: Dune\n---\n", keys: ["rating"], category: "bytes outside the changed keys differ"),
            Case(name: "another key of a one-line mapping", before: "---\n{title: Dune, rating: 3, pages: 412}\n---\n",
                 after: "---\n{title: Dune, rating: 4, pages: 41}\n---\n", keys: ["rating"],
                 category: "bytes outside the changed keys differ"),
            Case(name: "an unparsable result", before: "---\ntitle: Dune\n---\n", after: "---\ntitle: Dune\nrating: [4\n---\n",
                 keys: ["rating"], category: "the written file does not parse"),
        ]

        @Test(arguments: cases)
        func reportsWhatChangedOutsideTheKeys(_ example: Case) {
            let problem = ByteCheck.problem(before: Array(example.before.utf8), after: Array(example.after.utf8), keys: example.keys)
            #expect(problem?.category == example.category, "\(problem?.detail ?? "")")
        }

        @Test func variantsReshapeOnlyWhatTheyName() {
            let note = Array("---\ntitle: Dune\n---\n\n\nBody\n".utf8)
            #expect(Variant.crlf.apply(to: note) == Array("---\r\ntitle: Dune\r\n---\r\n\r\n\r\nBody\r\n".utf8))
            #expect(Variant.mixedLineEndings.apply(to: note) == Array("---\ntitle: Dune\r\n---\n\r\n\nBody\r\n".utf8))
            #expect(Variant.noFinalNewline.apply(to: note) == Array("---\ntitle: Dune\n---\n\n\nBody".utf8))
            #expect(Variant.bom.apply(to: note) == [0xEF, 0xBB, 0xBF] + note)
            #expect(Variant.bodyAfterFence.apply(to: note) == Array("---\ntitle: Dune\n---\nBody\n".utf8))
            #expect(Variant.bodyAfterFence.apply(to: Array("---\ntitle: Dune\n---\nBody\n".utf8)) == nil)
        }
    }
}
