extension Array {
    /// The first `limit` elements, or all of them when there is no limit; a negative limit
    /// keeps none. The one reading of `limit:` for book queries and search.
    func limited(to limit: Int?) -> [Element] {
        guard let limit else { return self }
        return Array(prefix(Swift.max(0, limit)))
    }
}
