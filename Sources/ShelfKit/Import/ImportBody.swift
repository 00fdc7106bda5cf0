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
    static func sections(of body: String) -> (review: String?, notes: String?) {
        let text = ReviewText.tidy(body)
        guard !text.isEmpty else { return (nil, nil) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.contains(reviewHeading) || lines.contains(notesHeading) else { return (text, nil) }
        var review: [String] = []
        var notes: [String] = []
        var current: Int? = nil
        var other: [String] = []
        for line in lines {
            if line == reviewHeading { current = 0; continue }
            if line == notesHeading { current = 1; continue }
            switch current {
            case 0?: review.append(line)
            case 1?: notes.append(line)
            default: other.append(line)
            }
        }
        let reviewText = ReviewText.tidy((other + review).joined(separator: "\n")).trimmingSpaces()
        let notesText = ReviewText.tidy(notes.joined(separator: "\n")).trimmingSpaces()
        return (reviewText.isEmpty ? nil : reviewText, notesText.isEmpty ? nil : notesText)
    }
}
