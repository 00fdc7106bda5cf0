import ShelfMetadata
import Testing

struct CoverImageTests {
    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00], CoverImage.Kind.jpeg),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00], .png),
        (Array("GIF89a....".utf8), .gif),
        (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
    ] as [([UInt8], CoverImage.Kind)])
    func tellsTheKindByTheBytes(bytes: [UInt8], kind: CoverImage.Kind) throws {
        #expect(try CoverImage(bytes: bytes, from: "x").kind == kind)
    }

    @Test(arguments: [
        (Array("<!DOCTYPE html><html>".utf8), "u did not send an image (it sent an HTML page); no cover was saved"),
        ([], "u did not send an image (it sent nothing); no cover was saved"),
        (Array("{\"error\": 1}".utf8), "u did not send an image (it sent JSON); no cover was saved"),
        (Array("RIFF1234WAVE".utf8),
         "u did not send an image (its 12 bytes start with none of the marks of JPEG, PNG, GIF or WebP); no cover was saved"),
    ] as [([UInt8], String)])
    func refusesWhatIsNotAnImage(bytes: [UInt8], message: String) {
        do {
            _ = try CoverImage(bytes: bytes, from: "u")
            Issue.record("not an image, taken as one")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func refusesACoverOverTheLimit() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF] + Array(repeating: 0, count: 100)
        do {
            _ = try CoverImage(bytes: bytes, from: "u", limit: 50)
            Issue.record("a cover over the limit was taken")
        } catch {
            #expect(error.description == "u sent 103 bytes, more than the 50 a cover may have; no cover was saved")
        }
    }
}
