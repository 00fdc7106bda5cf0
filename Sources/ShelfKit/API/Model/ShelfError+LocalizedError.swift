public import Foundation

/// An app shows `error.localizedDescription`; for a ``ShelfError`` that is its ``ShelfError/description``.
extension ShelfError: LocalizedError {
    public var errorDescription: String? { description }
}
