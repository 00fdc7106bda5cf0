import ShelfKit

/// Every read of a book an import knows of: the current one (`started`, `finished`) and the
/// earlier ones kept in `reads`, as one list, so that two exports of the same book can be
/// merged without losing a read.
///
/// Two reads are the same read when they finished on the same day, when neither finished and
/// they started on the same day, or when one is still open and the other, finished, began that
/// day or has no start and ended after it; merged, they keep every date either has (Goodreads knows only
/// the day a read ended, StoryGraph both ends).
struct ReadingHistory: Hashable {
    /// The reads, oldest first.
    private(set) var reads: [ReadRange] = []

    /// The reads of `book`: its `reads` list and its own `started`/`finished`.
    init(of book: Book) {
        for read in book.earlierReads { add(read) }
        if book.started != nil || book.finished != nil { add(ReadRange(started: book.started, finished: book.finished)) }
    }

    /// How many of the reads were finished.
    var finishedCount: Int { reads.count { $0.finished != nil } }

    /// Adds the reads of `other` that this history does not have yet.
    mutating func formUnion(_ other: ReadingHistory) {
        for read in other.reads { add(read) }
    }

    /// Adds `read`, or completes the read it is the same as.
    mutating func add(_ read: ReadRange) {
        guard read.started != nil || read.finished != nil || read.stopped != nil else { return }
        if let index = reads.firstIndex(where: { $0.isSameRead(as: read) }) {
            reads[index].started = reads[index].started ?? read.started
            reads[index].finished = reads[index].finished ?? read.finished
            reads[index].stopped = reads[index].stopped ?? read.stopped
            reads[index].stoppedPage = reads[index].stoppedPage ?? read.stoppedPage
            reads[index].rating = reads[index].rating ?? read.rating
        } else {
            reads.append(read)
        }
        reads.sort { $0.sortDay < $1.sortDay || ($0.sortDay == $1.sortDay && $0.finished == nil && $1.finished != nil) }
    }

    /// Writes the history into `book`: the read that belongs to its status sets `started` and
    /// `finished`, the others go to `reads`, oldest first (the key is removed when there are none).
    ///
    /// A `finished` book's current read is its latest finished one (else its latest read); a
    /// book in any other status (to read, reading, abandoned) has as current read only a read
    /// still open (`started` alone, as `shelf start` writes it), and its finished reads are
    /// earlier reads.
    func write(into book: inout Book, finished: Bool) {
        var earlier = reads
        var current: ReadRange?
        if finished {
            // The latest finished read; a finished book whose only reads are open (StoryGraph's
            // `2024/02/01-` on a read row) keeps the latest of those as when it was started.
            if let index = earlier.lastIndex(where: { $0.finished != nil }) ?? earlier.indices.last {
                current = earlier.remove(at: index)
            }
        } else if let last = earlier.last, last.finished == nil {
            current = earlier.popLast()
        }
        book.started = current?.started
        book.finished = current?.finished
        book.setExtra("reads", earlier.isEmpty ? nil : .list(earlier.map(\.yamlValue)))
    }

}

extension ReadRange {
    /// The day that orders reads: when it ended, else when it began.
    var sortDay: Day { finished ?? stopped ?? started ?? Day.distantPast }

    /// Whether `other` describes this same read (see ``ReadingHistory``).
    func isSameRead(as other: ReadRange) -> Bool {
        if let finished, let otherFinished = other.finished { return finished == otherFinished }
        if finished == nil, other.finished == nil { return started == other.started }
        // One finished, one open: the same read when they began on the same day, or when the
        // finished one has no start (Goodreads keeps only the end) and ended after the open one began.
        let (open, closed) = finished == nil ? (self, other) : (other, self)
        guard let began = open.started, let ended = closed.finished else { return false }
        return closed.started.map { $0 == began } ?? (began <= ended)
    }
}
