internal import CFullTextRank
internal import GRDB

/// Search's score, computed where the text is: `shelf_weighted_count`, an FTS5 auxiliary
/// function (in the `CFullTextRank` target), counts each occurrence of a phrase with its
/// column's weight (``SearchRanking/weights``), from the list of phrase instances FTS5 keeps
/// for the row. That is the score ``SearchRanking/score(_:_:)`` works out from a document's
/// words, since the index's text is those words and each phrase is matched as a phrase whose
/// last word is a prefix (``FullText/matchExpression(_:)``).
enum FullTextRank {
    /// Makes `shelf_weighted_count` known to the connection; run as each connection opens.
    static func register(_ db: Database) throws {
        let code = shelf_register_weighted_count(db.sqliteConnection)
        guard code == 0 else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register the search ranking with FTS5")
        }
    }

    /// The score of a row of `documents` in SQL: nothing for `path` and `book_path`, then each
    /// text column's weight.
    static let weightedCount = "shelf_weighted_count(documents, 0, 0, "
        + SearchRanking.weights.map { String($0) }.joined(separator: ", ") + ")"
}
