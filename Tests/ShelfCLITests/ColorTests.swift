import Foundation
import ShelfTestSupport
import Testing

/// `--color` and the environment variables that choose colour when it is not given: colour into
/// a pipe for `less -R` on request, never when asked not to, and the flag over the environment.
struct ColorTests {
    static let plain = """
        TITLE  AUTHORS        STATUS           RATING
        Dune   Frank Herbert  finished/sci-fi  ★★★★★

        """
    static let coloured = """
        \u{1B}[1mTITLE  AUTHORS        STATUS           RATING\u{1B}[0m
        Dune   Frank Herbert  finished/sci-fi  ★★★★★

        """

    @Test(arguments: [
        ([], [:], false),
        (["--color=always"], [:], true),
        (["--color", "always"], ["NO_COLOR": "1"], true),
        (["--color=never"], ["FORCE_COLOR": "1"], false),
        (["--color=auto"], ["FORCE_COLOR": "1"], false),
        ([], ["FORCE_COLOR": "1"], true),
        ([], ["CLICOLOR_FORCE": "1"], true),
        ([], ["FORCE_COLOR": "0"], false),
        ([], ["NO_COLOR": "1", "FORCE_COLOR": "1"], false),
    ] as [([String], [String: String], Bool)])
    func theFlagThenTheEnvironmentChooseColourIntoAPipe(flags: [String], environment: [String: String], colour: Bool) throws {
        let library = try ExampleLibrary()
        // The tests' children get NO_COLOR=1; an empty NO_COLOR is no NO_COLOR.
        let environment = ["NO_COLOR": ""].merging(environment) { $1 }
        expectRun(try library.shelf(["list", "author:herbert"] + flags, in: ".", environment: environment),
                  stdout: colour ? Self.coloured : Self.plain)
    }

    @Test(arguments: [["show", "dune"], ["sessions", "cloud"], ["search", "shrike"], ["stats"]])
    func everyCommandThatColoursTakesTheFlag(arguments: [String]) throws {
        let library = try ExampleLibrary()
        let always = try library.shelf(arguments + ["--color=always"], in: ".", environment: ["NO_COLOR": "1"])
        #expect(always.status == 0, "\(always)")
        #expect(always.stdout.contains("\u{1B}["))
        let never = try library.shelf(arguments + ["--color=never"], in: ".", environment: ["FORCE_COLOR": "1"])
        #expect(never.status == 0, "\(never)")
        #expect(!never.stdout.contains("\u{1B}"))
        #expect(never.stdout == (try library.shelf(arguments, in: ".")).stdout)
    }

    @Test func anUnknownChoiceIsAUsageError() throws {
        let library = try ExampleLibrary()
        let result = try library.shelf("list", "--color=sometimes")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("shelf: The value 'sometimes' is invalid for '--color <when>'"), "\(result)")
    }
}
