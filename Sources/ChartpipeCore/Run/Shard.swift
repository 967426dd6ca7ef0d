import Foundation

/// One shard of a run split over machines: `index` from 0 to `count - 1`.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The manifest a shard writes instead of `manifest.json`; `merge` combines them.
    public var manifestName: String { "manifest.shard-\(index).json" }

    /// The shard the environment names, or why it is wrong, or nil when it names none:
    /// Kubernetes Indexed Jobs (`JOB_COMPLETION_INDEX` with `CHARTPIPE_SHARDS`), then Slurm job
    /// arrays (`SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`, from `SLURM_ARRAY_TASK_MIN`).
    public static func fromEnvironment(_ env: [String: String]) -> Result<Shard, ShardProblem>? {
        if let index = env["JOB_COMPLETION_INDEX"] {
            guard let countText = env["CHARTPIPE_SHARDS"] else {
                return .failure(ShardProblem("JOB_COMPLETION_INDEX is set but CHARTPIPE_SHARDS is not; set it to the Job's 'completions'"))
            }
            return parse(index: index, count: countText, names: ("JOB_COMPLETION_INDEX", "CHARTPIPE_SHARDS"))
        }
        if let task = env["SLURM_ARRAY_TASK_ID"], let countText = env["SLURM_ARRAY_TASK_COUNT"] {
            let minimum = Int(env["SLURM_ARRAY_TASK_MIN"] ?? "0") ?? 0
            guard let id = Int(task) else {
                return .failure(ShardProblem("SLURM_ARRAY_TASK_ID '\(task)' is not a whole number"))
            }
            return parse(index: String(id - minimum), count: countText, names: ("SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT"))
        }
        return nil
    }

    /// `I/N` as `--shard` takes it.
    public static func parse(_ text: String) -> Result<Shard, ShardProblem> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return .failure(ShardProblem("--shard takes INDEX/COUNT, such as 0/3 (shards are numbered from 0), not '\(text)'")) }
        return parse(index: parts[0], count: parts[1], names: ("the shard index", "the shard count"))
    }

    private static func parse(index: String, count: String, names: (String, String)) -> Result<Shard, ShardProblem> {
        guard let n = Int(count), n >= 1 else { return .failure(ShardProblem("\(names.1) must be a whole number of at least 1, not '\(count)'")) }
        guard let i = Int(index), (0..<n).contains(i) else {
            return .failure(ShardProblem("\(names.0) must be from 0 to \(n - 1) for \(n) shards, not '\(index)'"))
        }
        return .success(Shard(index: i, count: n))
    }
}
