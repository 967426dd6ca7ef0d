import ChartpipeCore

/// The gap-free runs of a series and the gaps between them.
enum GapRuns {
    /// Maximal ranges without NaN, and the first index of every maximal stretch of NaN.
    static func split(_ y: [Double]) -> (runs: [Range<Int>], gapMarks: [Int]) {
        var runs: [Range<Int>] = []
        var marks: [Int] = []
        var i = 0
        let n = y.count
        while i < n {
            let start = i
            if y[i].isNaN {
                marks.append(i)
                while i < n && y[i].isNaN { i += 1 }
            } else {
                while i < n && !y[i].isNaN { i += 1 }
                runs.append(start..<i)
            }
        }
        return (runs, marks)
    }

    /// `total` shared among runs of `lengths`: one point each, the rest in proportion to length by
    /// largest remainder (ties to the earlier run), then capped at each run's length.
    static func share(_ total: Int, among lengths: [Int]) -> [Int] {
        let sum = lengths.reduce(0, +)
        guard sum > 0 else { return lengths.map { _ in 0 } }
        let rest = Swift.max(0, total - lengths.count)
        var shares = lengths.map { 1 + rest * $0 / sum }
        var left = total - shares.reduce(0, +)
        if left > 0 {
            let order = lengths.indices.sorted {
                let ra = rest * lengths[$0] % sum, rb = rest * lengths[$1] % sum
                return ra != rb ? ra > rb : $0 < $1
            }
            for k in order where left > 0 {
                shares[k] += 1
                left -= 1
            }
        }
        return zip(shares, lengths).map { Swift.min($0, $1) }
    }
}
