/// Adding statuses to a library on disk, for imports that bring statuses of their own.
extension FileLibrary {
    /// Appends `statuses` to the `statuses` list of `.shelf/config.yaml`, editing only that
    /// line, and creates a folder for each. Open the library again to use them.
    /// - Returns: The configuration file's bytes before the change (empty when there was no
    ///   file), for ``restoreConfiguration(_:statuses:root:)``.
    /// - Throws: ``ShelfError/unsafeName(name:reason:)`` for a status that cannot be a folder,
    ///   ``ShelfError/invalidFrontMatter(_:)`` for a configuration that does not parse.
    public static func addStatuses(_ statuses: [Status], root: String) throws(ShelfError) -> [UInt8] {
        for status in statuses { try PathSafety.checkComponent(status.name) }
        let path = root + "/" + LibraryConfiguration.path
        let before: [UInt8]
        do throws(FileSystem.Failure) {
            before = try FileSystem.read(path)
        } catch {
            guard error.isNotFound else { throw .io(path: path, operation: error.operation, message: error.message) }
            before = []
        }
        let edited: [UInt8]
        do throws(FrontMatterError) {
            var document = try FrontMatterDocument(yamlBytes: before, path: LibraryConfiguration.path)
            let names = try document.strings("statuses") ?? LibraryConfiguration.defaultStatuses.map(\.name)
            let added = statuses.map(\.name).filter { !names.contains($0) }
            try document.setValue(.list((names + added).map(YAMLValue.string)), forKey: "statuses")
            edited = document.bytes
        } catch {
            throw .invalidFrontMatter(error)
        }
        _ = try LibraryConfiguration(yaml: edited)
        do throws(FileSystem.Failure) { try FileSystem.writeAtomically(edited, to: path) } catch {
            throw .io(path: path, operation: error.operation, message: error.message)
        }
        for status in statuses where FileSystem.status(root + "/" + status.name) == nil {
            do throws(FileSystem.Failure) { try FileSystem.makeDirectory(root + "/" + status.name) } catch {
                throw .io(path: root + "/" + status.name, operation: error.operation, message: error.message)
            }
        }
        return before
    }

    /// Puts back the configuration saved by ``addStatuses(_:root:)`` and removes the status
    /// folders it made, when they are still empty.
    public static func restoreConfiguration(_ bytes: [UInt8], statuses: [Status], root: String) throws(ShelfError) {
        let path = root + "/" + LibraryConfiguration.path
        do throws(FileSystem.Failure) {
            try FileSystem.writeAtomically(bytes, to: path)
            for status in statuses { try? FileSystem.removeDirectory(root + "/" + status.name) }
        } catch {
            throw .io(path: path, operation: error.operation, message: error.message)
        }
    }
}
