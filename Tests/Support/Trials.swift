import Foundation

/// The random trials of the tests that start many processes (signals at random moments, a disk
/// that fills at random points): a few in `make test`, the full count in `make test-long`.
///
/// Every trial draws from a seed of its own, printed before it runs, so that one failing trial is
/// replayed alone: `CHARTPIPE_TRIAL_SEED=<its seed> swift test --filter <the test>`.
public enum Trials {
    /// `make test-long` sets this to run each test's full count of trials.
    public static let longVariable = "CHARTPIPE_LONG_TESTS"
    /// A number here overrides both counts.
    public static let countVariable = "CHARTPIPE_TRIALS"
    /// One trial's seed here runs that trial alone.
    public static let seedVariable = "CHARTPIPE_TRIAL_SEED"

    /// The seeds of a test's trials: `quick` of them, or `long` under `make test-long`, or the one
    /// of `CHARTPIPE_TRIAL_SEED`. They follow from `base` (a test's own, or a new one each run when
    /// nil), and the test's name and each seed are printed.
    public static func seeds(_ test: String, quick: Int, long: Int, base: UInt64? = nil,
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> [UInt64] {
        if let replay = environment[seedVariable].flatMap({ UInt64($0) }) {
            print("\(test): replaying the trial of seed \(replay)")
            return [replay]
        }
        let count = environment[countVariable].flatMap { Int($0) }
            ?? (environment[longVariable].map { !$0.isEmpty && $0 != "0" } == true ? long : quick)
        let start = base ?? UInt64.random(in: 0...UInt64.max)
        var generator = SeededRandom(seed: start)
        let seeds = (0..<max(count, 0)).map { _ in generator.next() }
        print("\(test): \(seeds.count) trials (of \(long) in make test-long) from base seed \(start); "
              + "\(seedVariable)=<a trial's seed> replays one")
        return seeds
    }
}
