import ArgumentParser
import Foundation
import ShelfKit

/// `--library PATH`, shared by every command that works on a library.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The library folder (default: $SHELF_LIBRARY, else the nearest folder above holding .shelf/).",
                                            valueName: "path"))
    var library: String?

    /// The library's root folder, found as documented.
    func root() throws(ShelfError) -> String {
        try LibraryLocator().locate(explicit: library)
    }

    /// Opens the library in the files.
    func open() throws(ShelfError) -> FileLibrary {
        try FileLibrary(root: root())
    }
}
