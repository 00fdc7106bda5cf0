import Foundation
import ShelfKit
import ShelfMetadata
@testable import ShelfOpenLibrary
import ShelfTestSupport
import Testing

/// Google Books' volumes API, the second source, read from the replay server the test starts.
struct GoogleBooksTests {
    static func source(_ server: ReplayServer) throws -> GoogleBooks {
        GoogleBooks(baseURL: try #require(URL(string: server.url.absoluteString + "/books/v1")), client: OpenLibraryTests.client())
    }

    @Test func readsAVolumeByISBNWithEverythingInOneAnswer() async throws {
        let server = try await ReplayServer()
        let record = try await Self.source(server).edition(isbn: try ISBNNumber("0-441-17271-7"))
        #expect(record.id == "B1hSG45JCX4C")
        #expect(record.title == "Dune")
        #expect(record.subtitle == "40th Anniversary Edition")
        #expect(record.authors == ["Frank Herbert"])
        #expect(record.isbn == "9780441172719")
        #expect(record.published == Day(year: 2005, month: 8, day: 2).map(Publication.day))
        #expect(record.pages == 535)
        #expect(record.publisher == "Ace Books")
        #expect(record.language == "en")
        #expect(record.coverID == nil)
        #expect(record.coverAddress?.hasSuffix("/books/content?id=B1hSG45JCX4C&printsec=frontcover&img=1&zoom=1") == true)
        #expect(server.requests().map(\.path) == ["/books/v1/volumes?q=isbn:9780441172719"])
    }

    @Test func readsAVolumeByIdAndItsCover() async throws {
        let server = try await ReplayServer()
        let source = try Self.source(server)
        let record = try await source.edition(id: "B1hSG45JCX4C")
        #expect(record.title == "Dune")
        let cover = try #require(try await source.cover(of: record))
        #expect(cover.bytes.starts(with: [0xFF, 0xD8, 0xFF]))
    }

    @Test func anUnknownISBNOrVolumeIsNotFound() async throws {
        let server = try await ReplayServer()
        let source = try Self.source(server)
        let isbn = await OpenLibraryTests.message { _ = try await source.edition(isbn: try ISBNNumber("9780000000002")) }
        #expect(isbn?.hasPrefix("Google Books has no record of a book with ISBN 9780000000002") == true, "\(isbn ?? "")")
        let volume = await OpenLibraryTests.message { _ = try await source.edition(id: "AAAAAAAAAAAA") }
        #expect(volume?.hasPrefix("Google Books has no record of the volume AAAAAAAAAAAA") == true, "\(volume ?? "")")
        #expect(!source.isEditionID("OL7353617M"))
    }
}
