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

    private func simulate(seed: UInt64, index: IndexOptions) async throws {
        let folder = try TemporaryFolder.make(in: TemporaryFolder.inMemory)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = await ReaderSimulation(index: index).run(seed: seed, steps: 200, in: folder)
        #expect(outcome.divergence == nil, "\(outcome)")
    }
}
