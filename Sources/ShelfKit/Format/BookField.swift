/// One key the book model owns: its name in the file, the value a book gives it, and how to take
/// that value from another book (an update applies the keys a caller changed onto the book as the
/// file holds it now).
struct BookField: Sendable {
    /// The key in the file.
    let key: String
    /// The key's value in a book, `nil` when the file should not have the key.
    let value: @Sendable (Book) -> YAMLValue?
    /// Sets the property behind the key in the first book to the second book's.
    let copy: @Sendable (inout Book, Book) -> Void

    init<Property>(_ key: String, _ property: any WritableKeyPath<Book, Property> & Sendable,
                   value: @escaping @Sendable (Property) -> YAMLValue?) {
        self.key = key
        self.value = { book in value(book[keyPath: property]) }
        self.copy = { book, source in book[keyPath: property] = source[keyPath: property] }
    }
}
