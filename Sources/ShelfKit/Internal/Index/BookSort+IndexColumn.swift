extension BookSort.Field {
    /// The column of `books` a sort by this field reads its keys from (``BookSort/Keys``):
    /// `nil` for the path and the status, which every row read has.
    var indexColumn: String? {
        switch self {
        case .status, .path: nil
        case .author: BookSchema.field(forKey: "authors")?.indexColumn
        case .title, .rating, .pages, .published, .added, .started, .finished: BookSchema.field(forKey: rawValue)?.indexColumn
        }
    }
}
