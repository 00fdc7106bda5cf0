import Foundation
import ShelfKit

/// One ShelfKit operation in a process of its own, so it is timed as a command would be.
enum Probe {
    static func run(_ arguments: [String]) async {
        guard arguments.count >= 3 else { return }
        let (operation, root, text) = (arguments[0], arguments[1], arguments[2])
        do {
            let library = try FileLibrary(root: root, index: operation.hasSuffix("-noindex") ? .disabled : .enabled)
            switch operation {
            case "list", "list-noindex":
                let books = try await library.books(matching: text)
                print(books.count)
            case "search":
                let hits = try await library.search(text, limit: 20)
                print(hits.count)
            default:
                print("unknown probe \(operation)")
            }
        } catch {
            print("shelf-bench probe: \(error)")
            exit(1)
        }
    }
}
