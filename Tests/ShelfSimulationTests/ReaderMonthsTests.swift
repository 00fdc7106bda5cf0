import Foundation
import ReaderSimulation
import ShelfKit
import ShelfTestSupport
import Testing

/// Simulated readers' months, each checked step by step against the model of what the reader
/// did (``ReaderSimulation``): the daily loop as one sequence, not feature by feature.
/// `swift run shelf-simulate --seeds 2000` runs the long campaign.
struct ReaderMonthsTests {
    /// Seeds per configuration: together about a minute on two cores (a debug build takes
    /// some 10 s a seed of 200 steps).
    static let seeds: [UInt64] = Array(1...4)

    @Test(arguments: seeds)
    func monthsThroughTheIndex(seed: UInt64) async throws {
        try await simulate(seed: seed, index: .enabled)
    }

    @Test(arguments: seeds)
    func monthsReadingTheFiles(seed: UInt64) async throws {
        try await simulate(seed: seed, index: .disabled)
    }

    /// Two git clones with the merge driver, synced when the reader changes device, and the
    /// same sitting now and then logged on both before a sync: fewer seeds, as git runs often.
    @Test(arguments: seeds.prefix(2))
    func monthsOnTwoDevices(seed: UInt64) async throws {
        try await simulate(seed: seed, index: .enabled, twoDevices: true)
    }

    /// The months in libraries adopted from notes: a status key, a status tag, status folders,
    /// each in the person's own words, dates and rating scale.
    @Test(arguments: AdoptedNotes.allCases)
    func monthsInAdoptedNotes(style: AdoptedNotes) async throws {
        try await simulate(seed: 11, index: .enabled, adopted: style)
    }

    private func simulate(seed: UInt64, index: IndexOptions, twoDevices: Bool = false, adopted: AdoptedNotes? = nil) async throws {
        let folder = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let simulation = ReaderSimulation(index: index, twoDevicesWith: twoDevices ? BuiltExecutable.shelf : nil, adopted: adopted)
        let outcome = await simulation.run(seed: seed, steps: 200, in: folder)
        #expect(outcome.divergence == nil, "\(outcome)")
        // The reader took a command back now and then, and the model with it.
        #expect(outcome.script.contains("shelf undo"), "\(outcome.script)")
        if twoDevices {
            // The months did change device and log a sitting on both.
            #expect(outcome.script.contains("cd ../desktop") && outcome.script.contains("cd ../laptop"), "\(outcome.script)")
            #expect(outcome.script.contains { $0.hasPrefix("(cd ../") && $0.contains("shelf log") }, "\(outcome.script)")
        }
    }
}
