internal import Foundation
internal import ShelfKit

/// An ISBN whose check digit is right, kept as its ISBN-13: what a service is asked by.
///
/// Made from what a person types: ISBN-10 or ISBN-13, with hyphens or spaces
/// (`978-0-441-17271-9`, `0441172717`). The checks are ShelfKit's, the same `check` applies to
/// a book's `isbn` key.
public struct ISBNNumber: Sendable, Hashable, CustomStringConvertible {
    /// The 13 digits.
    public let thirteen: String

    /// Parses `text`.
    /// - Throws: ``MetadataError/invalidISBN(text:reason:)`` for a wrong length, a character
    ///   that is not a digit (or a final X of an ISBN-10), or a wrong check digit.
    public init(_ text: String) throws(MetadataError) {
        if let problem = ISBN.problem(with: text) { throw .invalidISBN(text: text, reason: problem) }
        guard let thirteen = ISBN.thirteen(text) else { throw .invalidISBN(text: text, reason: "is not an ISBN") }
        self.thirteen = thirteen
    }

    /// The ISBN-10 of an ISBN starting with 978, the only ones that have one.
    public var ten: String? { ISBN.ten(thirteen) }

    public var description: String { thirteen }
}
