public import Foundation

/// Places in this package's checkout that tests read from or run.
///
/// Found from this file's own path, so they hold wherever the checkout is and whatever the
/// working directory of the test process.
public enum PackageFolder {
    /// The folder holding `Package.swift`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `example-library`, the sample library the tests copy before they change anything.
    public static let exampleLibrary = root.appendingPathComponent("example-library")
}
