import Foundation
@testable import ShelfCLI
import ShelfTestSupport
import Testing

/// Tables fit the terminal (`COLUMNS`, or the window's width): titles keep their room longest,
/// author lists are shortened by whole names (`…, +3`), notes are cut, and no line is wider.
struct TableWidthTests {
    /// The example library and a book with more authors, and longer names, than a row has room for.
    static func libraryWithManyAuthors() throws -> ExampleLibrary {
        let library = try ExampleLibrary()
        let add = try library.shelf("add", "Dune: The Butlerian Jihad", "-a", "Frank Herbert", "-a", "Brian Herbert",
                                    "-a", "Kevin J. Anderson", "-a", "Bill Ransom", "-a", "An Illustrator of the Collector's Edition",
                                    "--folder", "sci-fi")
        #expect(add.status == 0, "\(add)")
        return library
    }

    @Test func at120ColumnsTitlesStayWholeAndTheAuthorListIsShortened() throws {
        let library = try Self.libraryWithManyAuthors()
        expectRun(try library.shelf("list", "author:herbert", "or", "status:reading", environment: ["COLUMNS": "120"]), stdout: """
            TITLE                                  AUTHORS                              STATUS            RATING  PROGRESS
            Anna Karenina                          Leo Tolstoy                          reading/classics          271/838 (32%)
            Cloud Atlas                            David Mitchell                       reading                   96/509 (18%)
            Designing Data-Intensive Applications  Martin Kleppmann                     reading/tech              163/616 (26%)
            Dune                                   Frank Herbert                        finished/sci-fi   ★★★★★
            Dune: The Butlerian Jihad              Frank Herbert, Brian Herbert, …, +3  to-read/sci-fi
            The Fall of Hyperion                   Dan Simmons                          reading                   251/517 (48%)
            The Name of the Wind                   Patrick Rothfuss                     reading/fantasy           212/662 (32%)

            """)
    }

    @Test func at60ColumnsEveryColumnGivesWayAndNoRowWraps() throws {
        let library = try Self.libraryWithManyAuthors()
        expectRun(try library.shelf("list", "author:herbert", "or", "status:reading", environment: ["COLUMNS": "60"]), stdout: """
            TITLE        AUTHORS     STATUS        RATING  PROGRESS
            Anna Karen…  Leo Tolst…  reading/cla…          271/838 (32%)
            Cloud Atlas  David Mit…  reading               96/509 (18%)
            Designing …  Martin Kl…  reading/tech          163/616 (26%)
            Dune         Frank Her…  finished/sc…  ★★★★★
            Dune: The …  Frank…, +4  to-read/sci…
            The Fall o…  Dan Simmo…  reading               251/517 (48%)
            The Name o…  Patrick R…  reading/fan…          212/662 (32%)

            """)
        expectRun(try library.shelf("sessions", "cloud", environment: ["COLUMNS": "60"]), stdout: """
            DATE        BOOK         PAGES  FROM–TO  MINUTES  NOTE
            2026-11-08  Cloud Atlas     40  1–40
            2026-11-16  Cloud Atlas     56  40–96         80  Adam Ewin…

            """)
    }

    @Test(arguments: [120, 80, 60, 40, 20])
    func noLineIsWiderThanTheTerminal(columns: Int) throws {
        let library = try Self.libraryWithManyAuthors()
        for arguments in [["list"], ["sessions"], ["list", "status:reading"]] {
            let result = try library.shelf(arguments, in: ".", environment: ["COLUMNS": String(columns)])
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count > 3)
            for line in lines {
                #expect(TextWidth.of(line) <= columns, "\(arguments) at \(columns): \(line)")
            }
        }
    }

    @Test(arguments: [
        (["Frank Herbert", "Brian Herbert", "Kevin J. Anderson", "Bill Ransom"], 40, "Frank Herbert, Brian Herbert, …, +2"),
        (["Frank Herbert", "Brian Herbert", "Kevin J. Anderson", "Bill Ransom"], 60,
         "Frank Herbert, Brian Herbert, Kevin J. Anderson, Bill Ransom"),
        (["Frank Herbert", "Brian Herbert"], 20, "Frank Herbert, …, +1"),
        (["Frank Herbert", "Brian Herbert"], 12, "Frank H…, +1"),
        (["村上春樹", "柴田元幸", "Jay Rubin"], 16, "村上春樹, …, +2"),
        (["村上春樹", "柴田元幸", "Jay Rubin"], 25, "村上春樹, 柴田元幸, …, +1"),
        (["村上春樹", "柴田元幸", "Jay Rubin"], 24, "村上春樹, …, +2"),
        (["Frank Herbert"], 8, "Frank H…"),
    ])
    func anAuthorListIsShortenedByWholeNames(authors: [String], columns: Int, expected: String) {
        let shortened = TextWidth.list(authors, to: columns)
        #expect(shortened == expected)
        #expect(TextWidth.of(shortened) <= columns)
    }

    @Test func wideCharactersCountTwoColumnsWhenATableIsFitted() {
        var table = Table(columns: [.init(title: "TITLE", givesWay: 1, minimum: 6), .init(title: "AUTHORS", givesWay: 0)])
        table.rows = [[.text("海辺のカフカ"), .list(["村上春樹", "Philip Gabriel"])]]
        let terminal = Terminal(isInteractive: false, usesColor: false, width: 30)
        #expect(table.render(width: 30, terminal: terminal) == "TITLE         AUTHORS\n海辺のカフカ  村上春樹, …, +1\n")
        #expect(table.render(width: 40, terminal: terminal) == "TITLE         AUTHORS\n海辺のカフカ  村上春樹, Philip Gabriel\n")
        // Without a width (a pipe): whole cells between tabs.
        #expect(table.render(width: nil, terminal: terminal) == "TITLE\tAUTHORS\n海辺のカフカ\t村上春樹, Philip Gabriel\n")
    }
}
