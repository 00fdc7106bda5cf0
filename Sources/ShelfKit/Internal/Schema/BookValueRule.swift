/// What a field's value must satisfy beyond its type: a rating in halves, pages not negative, an
/// ISBN's check digit.
///
/// A value that breaks a rule is still read, so the book is shown; `check` reports it. A rule
/// that ``refusesWrites`` also stops a write that sets the value (an update checks only the keys
/// it changes, so a `rating: 0` elsewhere in the file blocks nothing).
struct BookValueRule: Sendable {
    /// Whether a write that sets a breaking value is refused, rather than only reported by `check`.
    let refusesWrites: Bool
    /// Why the value breaks the rule, completing "KEY …", or `nil`.
    let problem: @Sendable (BookValue) -> String?

    /// 0.5 to 5 in steps of 0.5 (``Book/ratingProblem(_:)``).
    static let rating = BookValueRule(refusesWrites: true) { value in
        guard case .number(let rating) = value else { return nil }
        return Book.ratingProblem(rating)
    }

    /// Zero or more.
    static let notNegative = BookValueRule(refusesWrites: true) { value in
        guard case .integer(let number) = value, number < 0 else { return nil }
        return "should not be negative"
    }

    /// One or more: a page, a place in an order.
    static let positive = BookValueRule(refusesWrites: true) { value in
        guard case .integer(let number) = value, number < 1 else { return nil }
        return "should be 1 or more"
    }

    /// A length of time as `ReadingDuration` reads it (`11h20m`, `680`), more than 0 minutes.
    static let duration = BookValueRule(refusesWrites: true) { value in
        guard case .text(let text) = value else { return nil }
        guard let minutes = ReadingDuration.minutes(text) else { return "should be a length of time such as 11h20m" }
        return minutes > 0 ? nil : "should be more than 0 minutes"
    }

    /// A valid ISBN-10 or ISBN-13, hyphens and spaces allowed. Refused when written, as a rating
    /// is, since a mistyped number is the usual cause; a file that already holds one is only
    /// reported, and imports keep a service's invalid ISBN aside as `isbn_invalid`.
    static let isbn = BookValueRule(refusesWrites: true) { value in
        guard case .text(let isbn) = value else { return nil }
        return ISBN.problem(with: isbn)
    }
}
