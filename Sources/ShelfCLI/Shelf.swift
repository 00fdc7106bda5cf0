public import ArgumentParser

/// The `shelf` command: a personal book library kept as Markdown files.
public struct Shelf: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "shelf",
        abstract: "A personal book library kept as plain Markdown files.",
        discussion: """
            Each book is a Markdown file with YAML front matter, filed under a folder per \
            reading status: to-read/, reading/, finished/, abandoned/. shelf finds the library \
            from --library, else $SHELF_LIBRARY, else the nearest folder above holding .shelf/.

            Examples:
              shelf init ~/books
              shelf add "The Left Hand of Darkness" --author "Ursula K. Le Guin" --tag sci-fi
              shelf list status:reading
              shelf log left-hand --to 120 --minutes 45
              shelf finish left-hand --rating 4.5
              shelf list finished:this-year 'rating>=4' --sort finished-
              shelf search "ansible"
              shelf import goodreads goodreads_library_export.csv
            """,
        version: "0.1.0",
        subcommands: [
            InitCommand.self, AddCommand.self, FetchCommand.self, ListCommand.self, ShowCommand.self,
            StartCommand.self, FinishCommand.self, AbandonCommand.self, MoveCommand.self,
            SetCommand.self, UnsetCommand.self, TagCommand.self, LogCommand.self, ReadCommand.self, SessionsCommand.self, SessionCommand.self,
            EditCommand.self, RemoveCommand.self, RestoreCommand.self, TrashCommand.self, UndoCommand.self, CheckCommand.self,
            SearchCommand.self, ReindexCommand.self, WatchCommand.self, ImportCommand.self, ExportCommand.self, StatsCommand.self,
            TodayCommand.self, NextCommand.self, TagsCommand.self, AuthorsCommand.self, FoldersCommand.self,
            GitSetupCommand.self, MergeDriverCommand.self,
        ]
    )

    public init() {}
}
