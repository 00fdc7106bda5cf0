@testable import ShelfMetadata
import ShelfKit
import Testing

struct PublishDateTests {
    @Test(arguments: [
        ("1965", "1965"),
        ("September 1990", "1990"),
        ("December 1992", "1992"),
        ("Sep 01, 1990", "1990"),
        ("1990-09-01", "1990-09-01"),
        ("c1990", "1990"),
        ("[1990?]", "1990"),
        ("2004-13-45", "2004"),
    ])
    func readsFreeText(text: String, publication: String) {
        #expect(PublishDate.publication(text)?.description == publication)
    }

    @Test(arguments: ["", "n.d.", "12345", "Spring"])
    func findsNoYearWhereThereIsNone(text: String) {
        #expect(PublishDate.publication(text) == nil)
    }
}
