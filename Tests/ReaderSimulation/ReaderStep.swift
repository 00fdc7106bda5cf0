import FrontMatter
public import ShelfKit

/// One thing a reader does: a command they type, time passing, or an edit in their editor.
public enum ReaderStep: Sendable, CustomStringConvertible {
    /// Time passes: `minutes` on the clock.
    case wait(minutes: Int)
    /// `shelf add TITLE --author … --pages N`.
    case add(title: String, slug: String, pages: Int)
    /// `shelf start BOOK [--again]`: begins reading, resumes a book put down, takes back a
    /// finish of today, or (finished on an earlier day, or `--again`) reads it again.
    case start(slug: String, again: Bool)
    /// `shelf read BOOK --start`: a live session begins now.
    case readStart(slug: String)
    /// `shelf read [BOOK] --stop --to PAGE`: the live session ends now at `page`, `pages` on.
    case readStop(slug: String, page: Int, pages: Int, namesBook: Bool)
    /// `shelf log BOOK …`: a sitting of `pages` pages.
    case log(slug: String, how: LogForm, pages: Int, minutes: Int, at: TimeOfDay?)
    /// `shelf log BOOK --undo`.
    case undoLog(slug: String)
    /// `shelf finish BOOK [--rating R]`.
    case finish(slug: String, rating: Double?)
    /// `shelf abandon BOOK`.
    case abandon(slug: String)
    /// `shelf move BOOK STATUS`: a finish or a start taken back.
    case move(slug: String, to: ReaderModel.Status)
    /// `shelf move BOOK --folder F`: filed in a folder of the reader's.
    case file(slug: String, folder: String)
    /// A line added at the end of the book's body in an editor, behind shelf's back; `path`
    /// is the book's file, from the library's folder.
    case editBody(slug: String, path: String, line: String)
    /// A command the library must refuse, changing nothing: a session later than now, a page
    /// below the one reached.
    case mistake(arguments: [String])
    /// `shelf stats --year Y --as-of DAY --format json`: its count of books finished.
    case stats(year: Int, asOf: Day)
    /// `shelf undo`: the last command taken back, as if it had not been typed.
    case undo

    /// How a sitting is logged.
    public enum LogForm: Sendable, Equatable {
        /// `--pages N`.
        case count
        /// `--to PAGE`.
        case page(Int)
        /// `--to P%`.
        case percent(Int)
    }

    /// The arguments after `shelf`, without `--library`.
    public var arguments: [String]? {
        switch self {
        case .wait, .editBody: return nil
        case .add(let title, _, let pages): return ["add", title, "--author", "Sim Author", "--pages", String(pages)]
        case .start(let slug, let again): return ["start", slug] + (again ? ["--again"] : [])
        case .readStart(let slug): return ["read", slug, "--start"]
        case .readStop(let slug, let page, _, let namesBook): return ["read"] + (namesBook ? [slug] : []) + ["--stop", "--to", String(page)]
        case .log(let slug, let how, let pages, let minutes, let at):
            var arguments = ["log", slug]
            switch how {
            case .count: arguments += ["--pages", String(pages)]
            case .page(let page): arguments += ["--to", String(page)]
            case .percent(let percent): arguments += ["--to", "\(percent)%"]
            }
            arguments += ["--minutes", minutes >= 60 && minutes % 7 == 0 ? "\(minutes / 60)h\(minutes % 60)" : String(minutes)]
            if let at { arguments += ["--at", at.description] }
            return arguments
        case .undoLog(let slug): return ["log", slug, "--undo"]
        case .finish(let slug, let rating): return ["finish", slug] + (rating.map { ["--rating", Self.text($0)] } ?? [])
        case .abandon(let slug): return ["abandon", slug]
        case .move(let slug, let status): return ["move", slug, status.rawValue]
        case .file(let slug, let folder): return ["move", slug, "--folder", folder]
        case .mistake(let arguments): return arguments
        case .stats(let year, let asOf): return ["stats", "--year", String(year), "--as-of", asOf.description, "--format", "json"]
        case .undo: return ["undo"]
        }
    }

    /// Whether the step is `shelf undo`.
    public var isUndo: Bool {
        if case .undo = self { return true }
        return false
    }

    /// The step as a line of shell, as a person would replay it.
    public var description: String {
        switch self {
        case .wait(let minutes): return "# \(minutes) minutes later"
        case .editBody(_, let path, let line): return "printf '%s\\n' '\(line)' >> \(path)"
        case .mistake: return "shelf " + (arguments ?? []).map(Self.quoted).joined(separator: " ") + "   # refused"
        default: return "shelf " + (arguments ?? []).map(Self.quoted).joined(separator: " ")
        }
    }

    static func text(_ rating: Double) -> String {
        rating == rating.rounded() ? String(Int(rating)) : String(rating)
    }

    static func quoted(_ argument: String) -> String {
        argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./:%".contains($0) } ? argument : "'" + argument + "'"
    }
}
