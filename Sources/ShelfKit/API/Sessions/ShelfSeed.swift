internal import Foundation

/// The seed of the letters that end a new session file's name (``ReadingSession/suffix``), when
/// they are not to be drawn at random: a test, a preview or a replayed report then writes the
/// same names on every run, as `ShelfClock` gives it the same times.
///
/// - ``fixed``, a task-local value, for code in one process;
/// - the environment variable `SHELF_SEED` (a whole number), for a whole process.
///
/// With a seed, the first session a process logs in a minute gets the same letters every run;
/// without one, they are drawn from the system's random source, which is what keeps two
/// devices' sessions of one minute apart.
package enum ShelfSeed {
    /// The seed in force in this task and the tasks it starts; `nil` for random letters.
    @TaskLocal package static var fixed: UInt64?

    /// The seed in force: the task's, else `SHELF_SEED`'s, else `nil`.
    static var override: UInt64? {
        fixed ?? environment
    }

    /// `SHELF_SEED`, read once per process.
    private static let environment: UInt64? = ProcessInfo.processInfo.environment["SHELF_SEED"].flatMap { UInt64($0) }

    /// The `index`th number drawn from `seed` (SplitMix64: the same on every platform).
    static func number(_ index: UInt64, seed: UInt64) -> UInt64 {
        var z = seed &+ (index &+ 1) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
