import ShelfMetadata
import Testing

struct ISBNNumberTests {
    @Test(arguments: [
        ("9780441172719", "9780441172719"),
        ("978-0-441-17271-9", "9780441172719"),
        ("0441172717", "9780441172719"),
        ("0-441-17271-7", "9780441172719"),
        ("080442957X", "9780804429573"),
        ("979 10 00000 00 8", "9791000000008"),
    ])
    func readsWhatPeopleType(text: String, thirteen: String) throws {
        #expect(try ISBNNumber(text).thirteen == thirteen)
    }

    @Test(arguments: [
        ("9780441172718", "ISBN \"9780441172718\" has a wrong check digit"),
        ("044117271", "ISBN \"044117271\" should have 10 or 13 digits, not 9"),
        ("97804411727A9", "ISBN \"97804411727A9\" has a character that is not a digit"),
    ])
    func refusesWhatIsNotAnISBN(text: String, message: String) {
        #expect(throws: MetadataError.self) { try ISBNNumber(text) }
        do {
            _ = try ISBNNumber(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func givesTheTenOf978Only() throws {
        #expect(try ISBNNumber("9780441172719").ten == "0441172717")
        #expect(try ISBNNumber("9791000000008").ten == nil)
    }
}
