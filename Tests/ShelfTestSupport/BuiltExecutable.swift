import Foundation

/// The package's executables the tests run as child processes.
public enum BuiltExecutable {
    /// `shelf`.
    public static let shelf = path("shelf")
    /// `shelf-crash-helper`, the batch writer the crash tests kill.
    public static let crashHelper = path("shelf-crash-helper")
    /// `shelf-reading-app`, the example app on ShelfKit's public API.
    public static let readingApp = path("shelf-reading-app")

    /// `swift build --build-tests` puts the executables beside the test bundle; a test bundle
    /// built elsewhere finds them in `.build/debug`.
    private static func path(_ name: String) -> String {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
            PackageFolder.root.appendingPathComponent(".build/debug/" + name),
        ]
        return (candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]).path
    }
}
