import ArgumentParser
import ShelfKit
import ShelfInterchange

/// `shelf import storygraph FILE`.
struct ImportStoryGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storygraph",
        abstract: "Import a StoryGraph export CSV (Manage Account → Export StoryGraph Library).",
        discussion: """
            read → finished, currently-reading → reading, to-read → to-read; paused books go to \
            reading with paused: true and did-not-finish books to abandoned, unless \
            --create-statuses makes statuses of their own. Books with an empty Read Status \
            (only owned or tagged) go to to-read and are counted in the summary; \
            --status none=STATUS puts them elsewhere. Quarter-star ratings are rounded to \
            the nearest half (the original is kept as storygraph_rating); the latest of several \
            reads sets started and finished, earlier ones are kept in reads.

            Examples:
              $ shelf import storygraph storygraph_export.csv --dry-run
              $ shelf import storygraph storygraph_export.csv --create-statuses
              shelf: added the statuses did-not-finish, paused to .shelf/config.yaml
              Imported storygraph_export.csv: 31 added, 0 updated, 0 unchanged, 2 skipped
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var arguments: ImportArguments

    func run() async throws {
        try await arguments.run(.storygraph, library: library)
    }
}
