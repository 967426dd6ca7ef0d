import Foundation

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
