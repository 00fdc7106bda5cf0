import Foundation
internal import FrontMatter
import ShelfKit

/// Runs every operation on every shape of every note, each on a fresh library of its own, and
/// tallies what happened.
struct CorpusRunner {
    /// The folder the libraries go in; each is removed once its operation is checked.
    let scratch: String
    private(set) var tally = CorpusTally()
    private var libraries = 0

    init(scratch: String) {
        self.scratch = scratch
    }

    mutating func run(_ file: Corpus.File) async throws {
        tally.files += 1
        let unsetKey = (try? FrontMatterDocument(bytes: file.bytes)).flatMap(CorpusOperation.keyToUnset(in:))
        // The original's refusals, by operation: a shape of the same note may be refused only
        // for the problem the original has too.
        var originalRefusals: [CorpusOperation: String] = [:]
        for variant in Variant.allCases {
            guard let bytes = variant.apply(to: file.bytes) else {
                tally.variantsLikeTheOriginal += 1
                continue
            }
            tally.variants += 1
            let root = try makeLibrary(holding: bytes, slug: file.slug)
            do {
                _ = try await FileLibrary(root: root, index: .disabled).book(BookID(file.slug))
                try FileManager.default.removeItem(atPath: root)
            } catch {
                try? FileManager.default.removeItem(atPath: root)
                let message = CorpusOperation.message(error)
                guard variant == .original else {
                    tally.fail(file, variant, "read", "a shape of a readable note is refused", message)
                    continue
                }
                if message.contains("every book needs a title") {
                    tally.notBooks.append((file.name, CorpusTally.reason(message)))
                } else if CorpusTally.namesPlace(message) {
                    tally.unreadable.append((file.name, message))
                } else {
                    tally.fail(file, variant, "read", "refused without naming a place in the file", message)
                }
                return
            }
            for operation in CorpusOperation.allCases {
                try await run(operation, on: file, variant, bytes, unsetKey: unsetKey, originalRefusals: &originalRefusals)
            }
        }
    }

    private mutating func run(_ operation: CorpusOperation, on file: Corpus.File, _ variant: Variant, _ bytes: [UInt8],
                              unsetKey: String?, originalRefusals: inout [CorpusOperation: String]) async throws {
        let root = try makeLibrary(holding: bytes, slug: file.slug)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let intent: CorpusOperation.Intent?
        do {
            intent = try await operation.perform(slug: file.slug, root: root, unsetKey: unsetKey)
        } catch {
            tally.operations += 1
            let message = CorpusOperation.message(error)
            if variant == .original { originalRefusals[operation] = message }
            if !CorpusTally.namesPlace(message) {
                tally.fail(file, variant, operation.rawValue, "refused without naming a place in the file", message)
            } else if !CorpusOperation.isProblemInFile(error) {
                tally.fail(file, variant, operation.rawValue, "refused an edit of valid front matter", message)
            } else if variant != .original, originalRefusals[operation] == nil {
                tally.fail(file, variant, operation.rawValue, "refused a shape of a note it edits", message)
            } else {
                tally.refuse(message)
            }
            return
        }
        guard let intent else {
            tally.notApplicable += 1
            return
        }
        tally.operations += 1
        let places = Status.all.map { "\($0.name)/\(file.slug).md" }.filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
        let expected = "\(operation.destination.name)/\(file.slug).md"
        guard places == [expected] else {
            tally.fail(file, variant, operation.rawValue, "the book is not where it should be",
                       "expected \(expected), found \(places.joined(separator: ", "))")
            return
        }
        let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + expected)))
        if let problem = ByteCheck.problem(before: bytes, after: after, keys: intent.keys) {
            tally.fail(file, variant, operation.rawValue, problem.category, problem.detail)
            return
        }
        if let document = try? FrontMatterDocument(bytes: after) {
            let keys = Set(document.fields.keys)
            let missing = intent.present.subtracting(keys).union(intent.absent.intersection(keys))
            if !missing.isEmpty {
                tally.fail(file, variant, operation.rawValue, "the edit was not made", missing.sorted().joined(separator: ", "))
                return
            }
        }
        tally.byteExact += 1
    }

    /// A new library with the note as `to-read/<slug>.md`, the first status, from which every
    /// operation moves or edits it.
    private mutating func makeLibrary(holding bytes: [UInt8], slug: String) throws -> String {
        libraries += 1
        let root = scratch + "/\(libraries)"
        _ = try FileLibrary.create(at: root, index: .disabled)
        let path = root + "/" + Status.toRead.name + "/" + slug + ".md"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return root
    }
}

extension Status {
    /// The default statuses, where a book of a library made by `FileLibrary.create` can be.
    static let all: [Status] = [.toRead, .reading, .finished, .abandoned]
}
