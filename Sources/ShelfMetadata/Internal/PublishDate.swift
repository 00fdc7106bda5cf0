internal import Foundation
package import ShelfKit

/// A publication date as services write it, free text: `1965`, `September 1990`,
/// `Sep 01, 1990`, `1990-09-01`, `c1990`, `[1990?]`.
package enum PublishDate {
    /// The day when the text is an ISO day, else the first year in it (1000 to 2999), else `nil`.
    package static func publication(_ text: String) -> Publication? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.utf8.count == 10, let day = Day(trimmed) { return .day(day) }
        var run = ""
        for character in trimmed + " " {
            if character.isASCII && character.isNumber {
                run.append(character)
                continue
            }
            if run.count == 4, let year = Int(run), (1000...2999).contains(year) { return .year(year) }
            run = ""
        }
        return nil
    }
}
