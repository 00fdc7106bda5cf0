import ArgumentParser
import Foundation
import ShelfKit

/// `--library PATH`, shared by every command that works on a library.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The library folder (default: $SHELF_LIBRARY, else the nearest folder above holding .shelf/).",
                                            valueName: "path"), completion: .directory)
    var library: String?

    @Flag(name: .customLong("no-index"), help: "Read the files directly, without the index in .shelf/index.sqlite.")
    var noIndex = false

    /// The library's root folder, found as documented.
    func root() throws(ShelfError) -> String {
        try LibraryLocator().locate(explicit: library)
    }

    /// Opens the library in the files, saying on standard error when opening it finished an
    /// operation an interrupted `shelf` left half done.
    func open() throws(ShelfError) -> FileLibrary {
        let library = try FileLibrary(root: root(), index: noIndex ? .disabled : .watched)
        if let note = library.recoveredJournal { printError("shelf: \(note)") }
        OpenedLibraries.current?.add(library)
        return library
    }
}
