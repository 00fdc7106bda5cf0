import ShelfKit

/// The Markdown body an imported book gets: its review and private notes under headings, the
/// way the example library writes reviews.
///
/// ```markdown
/// ## Review
///
/// Slow first hundred pages, then I couldn't stop.
///
/// ## Private notes
///
/// Lent to Sam.
/// ```
enum ImportBody {
    static let reviewHeading = "## Review"
    static let notesHeading = "## Private notes"

    /// The body for a review and notes, either of which may be missing; `""` for neither.
    static func text(review: String?, notes: String?) -> String {
        var sections: [String] = []
        if let review, !review.isEmpty { sections.append(reviewHeading + "\n\n" + review) }
        if let notes, !notes.isEmpty { sections.append(notesHeading + "\n\n" + notes) }
        return sections.isEmpty ? "" : sections.joined(separator: "\n\n") + "\n"
    }

    /// The review and notes in a body: the sections under the two headings, or the whole body
    /// as the review when it has neither heading.
    ///
    /// A review line ending in two spaces, Markdown's other spelling of a line break, is kept
    /// as one (`\` at its end) before spaces at line ends are tidied away.
    static func sections(of body: String) -> (review: String?, notes: String?) {
        let lines = ReviewText.withUnixLineEnds(body).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headings = lines.map { $0.trimmingSpaces() }
        guard headings.contains(reviewHeading) || headings.contains(notesHeading) else {
            let text = ReviewText.tidy(Self.withBackslashBreaks(lines).joined(separator: "\n"))
            return (text.isEmpty ? nil : text, nil)
        }
        var review: [String] = []
        var notes: [String] = []
        var current: Int? = nil
        var other: [String] = []
        for (line, heading) in zip(lines, headings) {
            if heading == reviewHeading { current = 0; continue }
            if heading == notesHeading { current = 1; continue }
            switch current {
            case 0?: review.append(line)
            case 1?: notes.append(line)
            default: other.append(line)
            }
        }
        let reviewText = ReviewText.tidy(Self.withBackslashBreaks(other + review).joined(separator: "\n")).trimmingSpaces()
        let notesText = ReviewText.tidy(notes.joined(separator: "\n")).trimmingSpaces()
        return (reviewText.isEmpty ? nil : reviewText, notesText.isEmpty ? nil : notesText)
    }

    /// Lines with text that end in two spaces or more end in `\` instead.
    private static func withBackslashBreaks(_ lines: [String]) -> [String] {
        lines.map { line in
            guard line.hasSuffix("  ") else { return line }
            var kept = Substring(line)
            while kept.last == " " { kept = kept.dropLast() }
            return kept.isEmpty ? line : kept + "\\"
        }
    }
}
