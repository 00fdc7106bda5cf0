#!/usr/bin/env python3
"""A KOReader statistics database (schema 20221111) of generated reading, for benchmarks.

    make-koreader-statistics.py --rows 100000 --books 300 --out /tmp/statistics.sqlite3

Each book is read in sittings of 10 to 60 page turns, 5 to 120 s a page (KOReader's default
caps), sittings hours apart; some books were repaginated midway (total_pages changes), as a
change of font does. Seeded, so every run makes the same file.
"""
import argparse
import hashlib
import random
import sqlite3

SCHEMA = """
CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text, notes integer,
  last_open integer, highlights integer, pages integer, series text, language text, md5 text,
  total_read_time integer, total_read_pages integer);
CREATE UNIQUE INDEX book_title_authors_md5 ON book(title, authors, md5);
CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0,
  start_time integer NOT NULL DEFAULT 0, duration integer NOT NULL DEFAULT 0,
  total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time),
  FOREIGN KEY(id_book) REFERENCES book(id));
CREATE INDEX page_stat_data_start_time ON page_stat_data(start_time);
PRAGMA user_version = 20221111;
"""

WORDS = "silent river winter garden empire glass shadow harbour letters night orchard signal".split()
NAMES = ["Ann Leckie", "Ted Chiang", "Hilary Mantel", "Kazuo Ishiguro", "Le Guin, Ursula K.", "Penelope Fitzgerald"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100000)
    parser.add_argument("--books", type=int, default=300)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    db = sqlite3.connect(args.out)
    db.executescript(SCHEMA)
    books = []
    for index in range(args.books):
        title = " ".join(rng.choice(WORDS).capitalize() for _ in range(3)) + f" {index + 1}"
        pages = rng.randint(120, 900)
        md5 = hashlib.md5(f"book-{index}".encode()).hexdigest()
        db.execute("INSERT INTO book (title, authors, pages, md5) VALUES (?, ?, ?, ?)",
                   (title, rng.choice(NAMES), pages, md5))
        books.append(pages)
    rows = 0
    clock = 1_500_000_000  # 2017: five years of sittings end before today
    per_book = max(1, -(-args.rows // args.books))
    for book_id, pages in enumerate(books, start=1):
        page = 1
        total = pages
        written = 0
        while written < per_book and rows < args.rows:
            clock += rng.randint(2, 30) * 3600
            moment = clock
            if rng.random() < 0.05:
                total = max(50, total + rng.randint(-40, 40))
            for _ in range(min(rng.randint(10, 60), per_book - written, args.rows - rows)):
                duration = rng.randint(5, 120)
                db.execute("INSERT OR IGNORE INTO page_stat_data VALUES (?, ?, ?, ?, ?)",
                           (book_id, min(page, total), moment, duration, total))
                moment += duration + rng.randint(0, 20)
                page = page + 1 if page < total else 1
                written += 1
                rows += 1
    db.commit()
    db.close()
    print(f"{args.out}: {args.books} books, {rows} page turns")


if __name__ == "__main__":
    main()
