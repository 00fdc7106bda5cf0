import Foundation
import GRDB

/// A KOReader statistics database in the schema of KOReader 2022.11 and later (20221111).
public struct KOReaderDatabaseMaker {
    public struct Book: Sendable {
        public var title: String
        public var authors: String
        public var pages: Int
        public var md5: String

        public init(title: String, authors: String, pages: Int, md5: String) {
            self.title = title
            self.authors = authors
            self.pages = pages
            self.md5 = md5
        }
    }

    /// `(book index, page, start, duration, total pages)`.
    public typealias Row = (book: Int, page: Int, start: Int64, duration: Int, totalPages: Int)

    /// Writes the database at `path`.
    public static func make(books: [Book], rows: [Row], at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text, notes integer,
                  last_open integer, highlights integer, pages integer, series text, language text, md5 text,
                  total_read_time integer, total_read_pages integer);
                CREATE UNIQUE INDEX book_title_authors_md5 ON book(title, authors, md5);
                CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0,
                  start_time integer NOT NULL DEFAULT 0, duration integer NOT NULL DEFAULT 0,
                  total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time),
                  FOREIGN KEY(id_book) REFERENCES book(id));
                PRAGMA user_version = 20221111;
                """)
            for book in books {
                try db.execute(sql: "INSERT INTO book (title, authors, pages, md5) VALUES (?, ?, ?, ?)",
                               arguments: [book.title, book.authors, book.pages, book.md5])
            }
            for row in rows {
                try db.execute(sql: "INSERT INTO page_stat_data VALUES (?, ?, ?, ?, ?)",
                               arguments: [row.book + 1, row.page, row.start, row.duration, row.totalPages])
            }
        }
    }
}

