import FrontMatter
import FrontMatterFuzzing
import ShelfKit

/// Draws what a reader does next, given what they have done (the model): mostly time passing
/// and sittings logged, with books added, begun, finished, put down, picked up again, finishes
/// taken back, sessions undone and notes edited by hand. Every step it draws is one the reader
/// may do, so the library must take it: a refusal is a divergence.
struct ReaderLife {
    var random: SeededGenerator
    /// Whether new books are named by their titles, as in a vault whose notes are (the book's
    /// id is then its title).
    var namesByTitle = false

    init(seed: UInt64, namesByTitle: Bool = false) {
        random = SeededGenerator(seed: seed)
        self.namesByTitle = namesByTitle
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[number(0...(items.count - 1))] }

    /// The next step for a reader in `model`'s state; `canUndo` when the last step was a
    /// command that changed the library, which the reader may take back at once.
    mutating func next(after model: ReaderModel, canUndo: Bool = false) -> ReaderStep {
        let books = model.order.compactMap { model.books[$0] }
        let reading = books.filter { $0.status == .reading }
        let toRead = books.filter { $0.status == .toRead }
        let minutesLeft = 1439 - model.now.time.minutes
        // A live session runs: some time passes, then it stops the same day. Nothing else
        // touches its book meanwhile, as one sitting holds one book.
        if let live = model.live, let book = model.books[live.slug] {
            let read = live.began.seconds(until: model.now) / 60
            if read < 20 || (chance(30) && minutesLeft > 30) { return .wait(minutes: number(1...min(90, max(1, minutesLeft - 5)))) }
            let pages = min(book.pages - book.page, number(1...40))
            return .readStop(slug: book.slug, page: book.page + pages, pages: pages, namesBook: chance(50))
        }
        if canUndo, chance(6) { return .undo }
        for _ in 0..<20 {
            switch number(0...99) {
            case 0..<18:
                // The evening ends: the next morning, or a few days later.
                if minutesLeft < 120 || chance(40) {
                    let days = chance(70) ? 1 : number(2...5)
                    let morning = number(6 * 60...9 * 60)
                    return .wait(minutes: minutesLeft + 1 + (days - 1) * 1440 + morning)
                }
                return .wait(minutes: number(15...min(300, minutesLeft - 60)))
            case 18..<24 where toRead.count < 4 || chance(20):
                let number = model.order.count + 1
                let title = "Sim Book \(number)"
                return .add(title: title, slug: namesByTitle ? title : "sim-book-\(number)", pages: self.number(80...700))
            case 24..<30:
                if let book = pick(toRead), reading.count < 3 { return .start(slug: book.slug, again: false) }
                // Picked up again, or (`--again`) read again from the start. A new read on the
                // day of sessions of the last one is left out: reads are told apart by day.
                let readToday = { (book: ReaderModel.Book) in book.sessions.contains { $0.day == model.today } }
                if let book = pick(books.filter { $0.status == .abandoned }) {
                    return .start(slug: book.slug, again: !readToday(book) && chance(30))
                }
                // A finished book begun again: a re-read on a later day, a finish taken back the same day.
                if let book = pick(books.filter { $0.status == .finished }) {
                    return .start(slug: book.slug, again: !readToday(book) && chance(20))
                }
            case 30..<33:
                if let book = pick(reading.filter { $0.page < $0.pages }), minutesLeft > 120 { return .readStart(slug: book.slug) }
            case 33..<70:
                let candidates = reading + (chance(10) ? toRead : [])
                if let book = pick(candidates), let step = log(book, model: model) { return step }
            case 70..<73:
                if let book = pick(reading.filter { !$0.sessions.isEmpty }) { return .undoLog(slug: book.slug) }
            case 73..<81:
                if let book = pick(reading.filter { $0.page > $0.pages / 2 }) ?? (chance(15) ? pick(toRead) : nil) {
                    return .finish(slug: book.slug, rating: chance(60) ? Double(number(1...10)) / 2 : nil)
                }
            case 81..<84:
                if let book = pick(reading) { return .abandon(slug: book.slug) }
            case 84..<90:
                // A finish taken back, or a book begun by mistake put back.
                if let book = pick(books.filter { $0.status == .finished && $0.finished == model.today }) {
                    return .move(slug: book.slug, to: chance(70) ? .reading : .toRead)
                }
                if let book = pick(reading.filter { $0.sessions.isEmpty && $0.earlierReads.isEmpty }) {
                    return .move(slug: book.slug, to: .toRead)
                }
            case 90..<93:
                if let book = pick(books) { return .file(slug: book.slug, folder: pick(["fiction", "non-fiction", "fiction/long"]) ?? "") }
            case 93..<96:
                if let book = pick(books) { return .editBody(slug: book.slug, path: book.path, line: "A thought on day \(model.today) (\(number(1...999)))") }
            case 96..<98:
                if let step = mistake(model: model, reading: reading) { return step }
            case 98:
                if let asOf = model.today.adding(days: -number(0...40)) { return .stats(year: asOf.year, asOf: asOf) }
            default:
                break
            }
        }
        return .wait(minutes: min(60, minutesLeft))
    }

    /// Something the reader gets wrong, which the library must refuse: a sitting later than now,
    /// a page below the one reached, a finish dated before the read began.
    mutating func mistake(model: ReaderModel, reading: [ReaderModel.Book]) -> ReaderStep? {
        guard let book = pick(reading) else { return nil }
        switch number(0...2) {
        case 0:
            guard let before = book.started?.adding(days: -number(1...30)) else { return nil }
            return .mistake(arguments: ["finish", book.slug, "--date", before.description])
        case 1:
            let now = model.now.time.minutes
            guard now < 1380, let later = TimeOfDay(minutesSinceMidnight: now + number(2...50)) else { return nil }
            return .mistake(arguments: ["log", book.slug, "--pages", "5", "--at", later.description])
        default:
            // Below the page reached by more than the 1% of slack a percent or a location has.
            let below = number(2...9) + book.pages / 50
            guard book.sessions.contains(where: \.givesPage), book.page > below else { return nil }
            return .mistake(arguments: ["log", book.slug, "--to", String(book.page - below), "--minutes", "10"])
        }
    }

    /// A sitting with `book`: some pages, logged as a count, the page reached or a percent, at a
    /// time said or not; `nil` when the book has no page left.
    mutating func log(_ book: ReaderModel.Book, model: ReaderModel) -> ReaderStep? {
        let left = book.pages - book.page
        guard left > 0 else { return nil }
        let pages = min(left, number(1...60))
        let minutes = number(5...100)
        let now = model.now.time.minutes
        // Most sittings are logged just after them, without a time; some with the time they began,
        // sometimes one earlier in the day than a sitting already logged.
        var at: TimeOfDay?
        if chance(40), now > 0 {
            let time = TimeOfDay(minutesSinceMidnight: number(max(0, now - 600)...now)) ?? .midnight
            if book.isLast(day: model.today, time: time) {
                at = time
            } else if book.sessions.allSatisfy({ !$0.givesPage || ($0.day, $0.time.minutes) < (model.today, time.minutes) }) {
                // Earlier than sittings logged, which only count pages: a count of its own fits.
                return .log(slug: book.slug, how: .count, pages: pages, minutes: minutes, at: time)
            }
        }
        switch number(0...9) {
        case 0..<3:
            return .log(slug: book.slug, how: .count, pages: pages, minutes: minutes, at: at)
        case 3..<8:
            return .log(slug: book.slug, how: .page(book.page + pages), pages: pages, minutes: minutes, at: at)
        default:
            // The e-reader's percent, which the book turns into the nearest page.
            let percent = min(100, Int((Double(book.page + pages) * 100 / Double(book.pages)).rounded()))
            let page = max(1, Int((Double(percent) / 100 * Double(book.pages)).rounded()))
            guard page > book.page, page <= book.pages else {
                return .log(slug: book.slug, how: .count, pages: pages, minutes: minutes, at: at)
            }
            return .log(slug: book.slug, how: .percent(percent), pages: page - book.page, minutes: minutes, at: at)
        }
    }
}
