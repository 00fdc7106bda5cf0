// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "shelf",
    // What the code needs: `Duration`, `ContinuousClock` and `Task.sleep(for:)` (macOS 13, iOS 16).
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "shelf", targets: ["shelf"]),
        .executable(name: "shelf-online", targets: ["shelf-online"]),
        .library(name: "ShelfKit", targets: ["ShelfKit"]),
        .library(name: "ShelfInterchange", targets: ["ShelfInterchange"]),
        .library(name: "FrontMatter", targets: ["FrontMatter"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation --target ShelfKit`: ShelfKit's DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: C libraries (Debian packages, found through pkg-config)
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),

        // The system calls Swift's Glibc module leaves out (renameat2) or makes awkward (a unix socket's address), behind small C functions.
        .target(name: "CSystemCalls"),
        // Search ranks in SQLite: an FTS5 auxiliary function, which only C can register.
        .target(name: "CFullTextRank", linkerSettings: [.linkedLibrary("sqlite3")]),
        // Process-wide settings of SQLite, made before its first use: `sqlite3_config` is variadic.
        .target(name: "CSQLiteSettings", linkerSettings: [.linkedLibrary("sqlite3")]),

        // MARK: Layers, bottom up
        .target(name: "FrontMatter", dependencies: ["CYAML"]),
        .target(
            name: "ShelfKit",
            dependencies: [
                "FrontMatter",
                "CSystemCalls",
                "CFullTextRank",
                "CSQLiteSettings",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The refresh reads the files table with raw statements (no String per path).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // Other services' files in and out (Goodreads, StoryGraph), over ShelfKit: the CSV
        // dependency and the services' rules stay out of the library an app links.
        .target(
            name: "ShelfInterchange",
            dependencies: ["ShelfKit", .product(name: "CSV", package: "CSV.swift"), .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Book details and covers from web services: the values, the protocol of a source and
        // the fill of a book (ShelfMetadata, Foundation only), and Open Library through
        // URLSession (ShelfOpenLibrary: FoundationNetworking, hence libcurl), which only the
        // `shelf-online` executable links, so that neither the library nor `shelf` pays for it.
        .target(name: "ShelfMetadata", dependencies: ["ShelfKit"]),
        .target(name: "ShelfOpenLibrary", dependencies: ["ShelfMetadata"]),
        .target(
            name: "ShelfCLI",
            dependencies: [
                "ShelfKit",
                "ShelfInterchange",
                "ShelfMetadata",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        .executableTarget(name: "shelf", dependencies: ["ShelfCLI"]),
        // `shelf` with the network: what `shelf add --isbn` and `shelf fetch` hand the process to.
        .executableTarget(name: "shelf-online", dependencies: ["ShelfCLI", "ShelfOpenLibrary"], path: "Sources/ShelfOnline"),

        // MARK: Tools
        .target(name: "FrontMatterFuzzing", dependencies: ["FrontMatter"]),
        .executableTarget(
            name: "frontmatter-fuzz",
            dependencies: ["FrontMatter", "FrontMatterFuzzing"],
            path: "Sources/FrontMatterFuzz"
        ),
        // MARK: Example
        // A reading app over ShelfKit's public API alone: without package access, ShelfKit's
        // `package` declarations are out of its reach, as they are for any app.
        .executableTarget(
            name: "shelf-reading-app",
            dependencies: ["ShelfKit"],
            path: "Examples/ReadingApp",
            packageAccess: false
        ),
        .executableTarget(name: "shelf-crash-helper", dependencies: ["ShelfKit"], path: "Sources/ShelfCrashHelper"),

        // MARK: Benchmarks
        .executableTarget(name: "frontmatter-bench", dependencies: ["FrontMatter"], path: "Benchmarks/FrontMatterThroughput"),
        .executableTarget(name: "shelf-bench", path: "Benchmarks/ShelfBench"),
        // The calls an app makes of ShelfKit, through its public API alone (`shelf-bench --api`).
        .executableTarget(name: "shelf-api-bench", dependencies: ["ShelfKit"], path: "Benchmarks/ShelfAPIBench"),
        // Thousands of simulated readers' months (the test suite runs about a minute of them).
        .executableTarget(name: "shelf-simulate", dependencies: ["ReaderSimulation"], path: "Benchmarks/ReaderSimulation"),

        // MARK: Tests
        // What the Shelf test targets share: temporary folders, the fixed today, the package's
        // folders and executables, child processes. Seeded randomness is FrontMatterFuzzing's.
        .target(name: "ShelfTestSupport", dependencies: ["FrontMatter", "ShelfKit", .product(name: "GRDB", package: "GRDB.swift")],
                path: "Tests/ShelfTestSupport"),
        // A simulated reader's months checked against a model of what they did: for the tests
        // and for shelf-simulate's long campaigns.
        .target(
            name: "ReaderSimulation",
            dependencies: ["ShelfCLI", "ShelfKit", "FrontMatter", "FrontMatterFuzzing"],
            path: "Tests/ReaderSimulation"
        ),
        .testTarget(name: "ShelfSimulationTests", dependencies: ["ReaderSimulation", "ShelfKit", "ShelfTestSupport"]),
        .testTarget(
            name: "FrontMatterTests",
            dependencies: [
                "FrontMatter",
                "FrontMatterFuzzing",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // The HTTP client and Open Library's answers, against a replay server the tests start.
        .testTarget(
            name: "ShelfMetadataTests",
            dependencies: ["ShelfMetadata", "ShelfOpenLibrary", "ShelfKit", "ShelfTestSupport"],
            // Served by the replay server the tests start (ShelfTestSupport's ReplayServer),
            // which the CLI's tests also use, so read from the checkout rather than a bundle.
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "ShelfKitTests", dependencies: ["ShelfKit", "ShelfTestSupport", "FrontMatterFuzzing"]),
        .testTarget(name: "ShelfSafetyTests", dependencies: ["ShelfKit", "ShelfTestSupport", "FrontMatterFuzzing", "shelf"]),
        .testTarget(
            name: "ShelfImportTests",
            dependencies: ["ShelfKit", "ShelfInterchange", "ShelfTestSupport", "FrontMatterFuzzing",
                           .product(name: "GRDB", package: "GRDB.swift")],
            resources: [.copy("Fixtures")]
        ),
        // The example app end to end, on a library of 10,000 books.
        .testTarget(name: "ShelfExampleTests", dependencies: ["shelf-reading-app", "ShelfKit", "ShelfTestSupport"]),
        // End-to-end through the built `shelf`, and in process through ShelfCLI.
        .testTarget(
            name: "ShelfCLITests",
            dependencies: [
                "ShelfCLI", "ShelfKit", "ShelfTestSupport", "shelf", "shelf-online", "FrontMatter", "FrontMatterFuzzing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        // Real notes from ../shared/corpus/frontmatter through every edit, in process.
        .testTarget(
            name: "ShelfCorpusTests",
            dependencies: [
                "ShelfCLI",
                "ShelfKit",
                "ShelfInterchange",
                "ShelfMetadata",
                "FrontMatter",
                "ShelfTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)

// Strict settings for every target, in one place.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
