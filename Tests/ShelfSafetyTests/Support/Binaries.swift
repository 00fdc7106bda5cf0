import Foundation

/// The executables the safety tests run as child processes, found the way
/// `Tests/ShelfCLITests/Support/ShelfRun.swift` finds `shelf`: beside the test bundle, or in
/// `.build/debug`.
enum Binaries {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let shelf = find("shelf")
    static let crashHelper = find("shelf-crash-helper")

    private static func find(_ name: String) -> String {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
            packageRoot.appendingPathComponent(".build/debug/" + name),
        ]
        return (candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]).path
    }
}
