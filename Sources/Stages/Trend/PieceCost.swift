#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

/// Least squares error of a straight line through points i...j, in O(1) from prefix sums over
/// centred values. The sums may be kept only at the prefix lengths a caller will ask for
/// (`init(x:y:at:)`): the refinement of a two-million-point segmentation looks near a few
/// boundaries, and five full columns of sums took 80 MB there (issue 12).
struct PieceCost {
    /// The kept prefix lengths, sorted and disjoint, and where each run's sums start in the columns.
    private var spans: [(lengths: ClosedRange<Int>, offset: Int)] = []
    private var sx: [Double] = [], sy: [Double] = [], sxx: [Double] = [], sxy: [Double] = [], syy: [Double] = []

    init(x: [Double], y: [Double]) {
        self.init(x: x, y: y, at: [0...y.count])
    }

    /// Sums kept only for the prefix lengths in `lengths` (of 0...n); asking for another traps.
    init(x: [Double], y: [Double], at lengths: [ClosedRange<Int>]) {
        let n = y.count
        var merged: [ClosedRange<Int>] = []
        for r in lengths.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let low = Swift.max(r.lowerBound, 0), high = Swift.min(r.upperBound, n)
            guard low <= high else { continue }
            if let last = merged.last, low <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, high)
            } else {
                merged.append(low...high)
            }
        }
        var kept = 0
        for r in merged {
            spans.append((r, kept))
            kept += r.count
        }
        for column in [\PieceCost.sx, \.sy, \.sxx, \.sxy, \.syy] { self[keyPath: column].reserveCapacity(kept) }
        let x0 = n > 0 ? x[n / 2] : 0, y0 = n > 0 ? y[n / 2] : 0
        // The running sums over the first k points, added in the order the full columns add them.
        var a0 = 0.0, b0 = 0.0, aa = 0.0, ab = 0.0, bb = 0.0
        var span = 0
        for k in 0...n {
            while span < merged.count && merged[span].upperBound < k { span += 1 }
            if span < merged.count && merged[span].contains(k) {
                sx.append(a0)
                sy.append(b0)
                sxx.append(aa)
                sxy.append(ab)
                syy.append(bb)
            }
            guard k < n else { break }
            let a = x[k] - x0, b = y[k] - y0
            a0 += a
            b0 += b
            aa += a * a
            ab += a * b
            bb += b * b
        }
    }

    /// Where the sums of the first `k` points are in the columns.
    private func at(_ k: Int) -> Int {
        var lo = 0, hi = spans.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if spans[mid].lengths.lowerBound <= k { lo = mid } else { hi = mid - 1 }
        }
        precondition(spans.indices.contains(lo) && spans[lo].lengths.contains(k), "the sums of the first \(k) points were not kept")
        return spans[lo].offset + k - spans[lo].lengths.lowerBound
    }

    /// SSE of the least squares line through points i...j (inclusive); 0 for two points or fewer.
    func sse(_ i: Int, _ j: Int) -> Double {
        let m = Double(j - i + 1)
        guard m > 2 else { return 0 }
        let p = at(i), q = at(j + 1)
        let a = sx[q] - sx[p], b = sy[q] - sy[p]
        let cxx = sxx[q] - sxx[p] - a * a / m
        let cxy = sxy[q] - sxy[p] - a * b / m
        let cyy = syy[q] - syy[p] - b * b / m
        let residual = cxx > 0 ? cyy - cxy * cxy / cxx : cyy
        return Swift.max(residual, 0)
    }

    /// Least squares slope through points i...j.
    func slope(_ i: Int, _ j: Int) -> Double {
        let m = Double(j - i + 1)
        let p = at(i), q = at(j + 1)
        let a = sx[q] - sx[p], b = sy[q] - sy[p]
        let cxx = sxx[q] - sxx[p] - a * a / m
        let cxy = sxy[q] - sxy[p] - a * b / m
        return cxx > 0 ? cxy / cxx : 0
    }
}
