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

public struct ShardProblem: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Which shard runs which chart: the same answer on every machine, from the chart ids and the
/// sizes of their data files. Charts are taken largest first (ties by a stable hash of the id,
/// FNV-1a, never Swift's seeded `Hasher`) and each goes to the shard with the least data so far,
/// so shards finish at about the same time.
public enum ShardPlan {
    public static func assign(_ charts: [ChartSpec], count: Int) -> [String: Int] {
        struct Sized { var id: String; var size: Int; var hash: UInt64 }
        var sized: [Sized] = charts.map { chart in
            var info = stat()
            let size = stat(chart.source.path, &info) == 0 ? Int(info.st_size) : 0
            return Sized(id: chart.id, size: size, hash: fnv1a64(chart.id))
        }
        sized.sort { a, b in
            if a.size != b.size { return a.size > b.size }
            if a.hash != b.hash { return a.hash < b.hash }
            return a.id < b.id
        }
        var load = [Int](repeating: 0, count: count)
        var charts = [Int](repeating: 0, count: count)
        var shard: [String: Int] = [:]
        for c in sized {
            // Least data first; with no sizes known, fewest charts: a round-robin in hash order.
            var i = 0
            for j in load.indices where (load[j], charts[j]) < (load[i], charts[i]) { i = j }
            shard[c.id] = i
            load[i] += c.size
            charts[i] += 1
        }
        return shard
    }

    /// FNV-1a over the UTF-8 bytes (Fowler, Noll, Vo): stable across runs, processes and machines.
    public static func fnv1a64(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        return h
    }
}
