/// Adding statuses to a library's configuration, for imports that bring statuses of their own:
/// `LibraryBatch/newStatuses` writes the result in the batch's own journal.
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
