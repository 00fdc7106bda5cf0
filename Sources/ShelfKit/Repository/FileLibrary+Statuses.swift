/// Adding statuses to a library on disk, for imports that bring statuses of their own.
extension FileLibrary {
    /// Appends `statuses` to the `statuses` list of `.shelf/config.yaml`, editing only that
    /// line, and creates a folder for each. Open the library again to use them. An import that
    /// adds statuses does not need this: ``LibraryBatch/newStatuses`` writes them in the
    /// batch's own journal.
    /// - Throws: ``ShelfError/unsafeName(name:reason:)`` for a status that cannot be a folder,
    ///   ``ShelfError/invalidFrontMatter(_:)`` for a configuration that does not parse.
    public static func addStatuses(_ statuses: [Status], root: String) throws(ShelfError) {
        let path = root + "/" + LibraryConfiguration.path
        let before: [UInt8]
        do throws(FileSystem.Failure) {
            before = try FileSystem.read(path)
        } catch {
            guard error.isNotFound else { throw .io(path: path, operation: error.operation, message: error.message) }
            before = []
        }
        let edited = try LibraryConfiguration.adding(statuses, to: before)
        do throws(FileSystem.Failure) { try FileSystem.writeAtomically(edited, to: path) } catch {
            throw .io(path: path, operation: error.operation, message: error.message)
        }
        for status in statuses where FileSystem.status(root + "/" + status.name) == nil {
            do throws(FileSystem.Failure) { try FileSystem.makeDirectory(root + "/" + status.name) } catch {
                throw .io(path: root + "/" + status.name, operation: error.operation, message: error.message)
            }
        }
    }
}

extension LibraryConfiguration {
    /// The bytes of a configuration file with `statuses` appended to its `statuses` list (the
    /// default list when it has none), only that line edited; `bytes` may be empty (no file).
    /// - Throws: ``ShelfError/unsafeName(name:reason:)`` for a status that cannot be a folder,
    ///   ``ShelfError/invalidFrontMatter(_:)`` for a configuration that does not parse.
    static func adding(_ statuses: [Status], to bytes: [UInt8]) throws(ShelfError) -> [UInt8] {
        for status in statuses { try PathSafety.checkComponent(status.name) }
        let edited: [UInt8]
        do throws(FrontMatterError) {
            var document = try FrontMatterDocument(yamlBytes: bytes, path: path)
            let names = try document.strings("statuses") ?? defaultStatuses.map(\.name)
            let added = statuses.map(\.name).filter { !names.contains($0) }
            try document.setValue(.list((names + added).map(YAMLValue.string)), forKey: "statuses")
            edited = document.bytes
        } catch {
            throw .invalidFrontMatter(error)
        }
        _ = try LibraryConfiguration(yaml: edited)
        return edited
    }
}
