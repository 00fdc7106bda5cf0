internal import Foundation

/// Finds the library a command should use, the way git finds its repository.
///
/// In order: an explicit path (`--library`), the `SHELF_LIBRARY` environment variable, then the
/// current folder and each folder above it, until one holds a `.shelf` folder.
///
/// ```swift
/// let root = try LibraryLocator().locate(explicit: options.library)
/// let library = try FileLibrary(root: root)
/// ```
public struct LibraryLocator: Sendable {
    /// The environment variable naming a library folder.
    public static let environmentVariable = "SHELF_LIBRARY"

    /// The environment to read `SHELF_LIBRARY` from.
    public var environment: [String: String]
    /// Where the upward search starts, and what relative paths are taken from.
    public var currentDirectory: String

    /// Creates a locator; the defaults are the process's environment and current directory.
    public init(environment: [String: String]? = nil, currentDirectory: String? = nil) {
        self.environment = environment ?? ProcessInfo.processInfo.environment
        self.currentDirectory = currentDirectory ?? FileManager.default.currentDirectoryPath
    }

    /// The library folder, as an absolute path.
    /// - Parameter explicit: A path given on the command line, which wins over everything else.
    /// - Throws: ``ShelfError/libraryNotFound(searchedFrom:)`` when an explicit or environment
    ///   path is not a folder, or no folder from the current one up holds `.shelf`.
    public func locate(explicit: String? = nil) throws(ShelfError) -> String {
        if let explicit, !explicit.isEmpty { return try existingFolder(explicit) }
        if let fromEnvironment = environment[Self.environmentVariable], !fromEnvironment.isEmpty {
            return try existingFolder(fromEnvironment)
        }
        var folder = absolute(currentDirectory)
        while true {
            if FileSystem.status(folder == "/" ? "/.shelf" : folder + "/.shelf")?.kind == .directory { return folder }
            guard folder != "/", !folder.isEmpty else { break }
            folder = Path.parent(of: folder)
        }
        throw .libraryNotFound(searchedFrom: absolute(currentDirectory))
    }

    private func existingFolder(_ path: String) throws(ShelfError) -> String {
        let folder = absolute(path)
        guard FileSystem.status(folder)?.kind == .directory else { throw .libraryNotFound(searchedFrom: folder) }
        return folder
    }

    private func absolute(_ path: String) -> String {
        var result = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
