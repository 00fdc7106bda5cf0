/// Writes an export to a file so that a reader sees the old file or the new, never half.
public enum ExportFile {
    /// Writes `text` to `path` through a temporary file that is flushed and renamed over it.
    /// - Throws: ``ShelfError/io(path:operation:message:)`` naming the failing step.
    public static func write(_ text: String, to path: String) throws(ShelfError) {
        do throws(FileSystem.Failure) {
            try FileSystem.writeAtomically(Array(text.utf8), to: path.contains("/") ? path : "./" + path)
        } catch {
            throw .io(path: path, operation: error.operation, message: error.message)
        }
    }
}
