extension StringProtocol {
    /// The text without spaces, tabs and line breaks at either end.
    package func trimmingSpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
