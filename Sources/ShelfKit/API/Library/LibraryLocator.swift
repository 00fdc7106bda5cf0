internal import Foundation

/// Finds the library a command should use, the way git finds its repository.
///
/// A folder is a library when it holds a `.shelf` folder (``isLibrary(_:)``). In order: an
/// explicit path (`--library`), the `SHELF_LIBRARY` environment variable, then the current
/// folder and each folder above it, until one is a library. An explicit or environment path
/// must be a library itself: opening any other folder would make it one, writing `.shelf/`
/// and the books added there into a folder that was never meant to hold them.
///
/// ```swift
/// let root = try LibraryLocator().locate(explicit: options.library)
/// let library = try FileLibrary(root: root)
/// ```
package struct LibraryLocator: Sendable {
    /// The environment variable naming a library folder.
    package static let environmentVariable = "SHELF_LIBRARY"

    /// The environment to read `SHELF_LIBRARY` from.
    package var environment: [String: String]
    /// Where the upward search starts, and what relative paths are taken from.
    package var currentDirectory: String

    /// Creates a locator; the defaults are the process's environment and current directory.
    package init(environment: [String: String]? = nil, currentDirectory: String? = nil) {
        self.environment = environment ?? ProcessInfo.processInfo.environment
        self.currentDirectory = currentDirectory ?? FileManager.default.currentDirectoryPath
    }

    /// The library folder, as an absolute path.
    /// - Parameter explicit: A path given on the command line, which wins over everything else.
    /// - Throws: ``ShelfError/libraryNotFound(searchedFrom:)`` when an explicit or environment
    ///   path is not a folder, or no folder from the current one up is a library;
    ///   ``ShelfError/notALibrary(path:enclosingLibrary:)`` when an explicit or environment path
    ///   is a folder without `.shelf`.
    package func locate(explicit: String? = nil) throws(ShelfError) -> String {
        if let explicit, !explicit.isEmpty { return try library(at: explicit) }
        if let fromEnvironment = environment[Self.environmentVariable], !fromEnvironment.isEmpty {
            return try library(at: fromEnvironment)
        }
        let start = absolute(currentDirectory)
        guard let found = Self.enclosingLibrary(of: start) else { throw .libraryNotFound(searchedFrom: start) }
        return found
    }

    /// Whether `folder` is a library: it holds a `.shelf` folder.
    /// - Parameter folder: An absolute path, or one relative to the process's current directory.
    package static func isLibrary(_ folder: String) -> Bool {
        FileSystem.status(Path.joined(folder, ".shelf"))?.kind == .directory
    }

    /// The library `folder` belongs to: `folder` itself when it is one, else the nearest
    /// folder above it that is; `nil` when none is. The folders are taken as written (a `..`
    /// is a name like any other), and `folder` need not exist.
    /// - Parameter folder: An absolute path.
    package static func enclosingLibrary(of folder: String) -> String? {
        var folder = folder
        while true {
            if isLibrary(folder) { return folder }
            guard folder != "/", !folder.isEmpty else { return nil }
            folder = Path.parent(of: folder)
        }
    }

    private func library(at path: String) throws(ShelfError) -> String {
        let folder = absolute(path)
        guard FileSystem.status(folder)?.kind == .directory else { throw .libraryNotFound(searchedFrom: folder) }
        guard Self.isLibrary(folder) else {
            throw .notALibrary(path: folder, enclosingLibrary: Self.enclosingLibrary(of: Path.parent(of: folder)))
        }
        return folder
    }

    private func absolute(_ path: String) -> String {
        Path.withoutDots(path.hasPrefix("/") ? path : currentDirectory + "/" + path)
    }
}
