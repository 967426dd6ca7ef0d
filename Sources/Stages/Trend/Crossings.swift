#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

/// Where lines cross: a series and a threshold, or two series.
public enum Crossings {
    /// Crossings of `level` by the polyline through (x, y): the interpolated x, the position of
    /// the first point on the new side, and whether it went up. Touching the level and turning
    /// back is not a crossing; running along it and leaving on the other side is one.
    public static func crossings(x: [Double], y: [Double], level: Double) -> [(x: Double, position: Int, upward: Bool)] {
        var found: [(x: Double, position: Int, upward: Bool)] = []
        var lastSide = 0, lastPosition = -1
        for i in y.indices {
            let side = y[i] > level ? 1 : (y[i] < level ? -1 : 0)
            guard side != 0 else { continue }
            if lastSide != 0 && side != lastSide {
                let p = lastPosition
                let at: Double
                if i == p + 1 {
                    at = x[p] + (level - y[p]) / (y[i] - y[p]) * (x[i] - x[p])
                } else {
                    // The series sat on the level between the two sides: it crossed where it left.
                    at = x[i - 1]
                }
                // The point named is the first on the new side, so its value is past the level.
                found.append((at, i, side > 0))
            }
            lastSide = side
            lastPosition = i
        }
        return found
    }

    /// Crossings of series a and b over the x range they share: their difference, with each
    /// series linearly interpolated at the other's x values, changes sign. Returns the x, the
    /// positions in a and b of their first points at or after the crossing, and whether a is
    /// above afterwards.
    public static func crossovers(ax: [Double], ay: [Double], bx: [Double], by: [Double])
        -> [(x: Double, positionA: Int, positionB: Int, aAbove: Bool)] {
        guard let a0 = ax.first, let a1 = ax.last, let b0 = bx.first, let b1 = bx.last else { return [] }
        let start = Swift.max(a0, b0), end = Swift.min(a1, b1)
        guard start < end else { return [] }
        // The merged x values in the shared range.
        var grid: [Double] = []
        var i = 0, j = 0
        while i < ax.count || j < bx.count {
            let v: Double
            if j >= bx.count || (i < ax.count && ax[i] <= bx[j]) {
                v = ax[i]; i += 1
            } else {
                v = bx[j]; j += 1
            }
            if v >= start && v <= end && grid.last != v { grid.append(v) }
        }
        var diff: [Double] = []
        var ia = 0, ib = 0
        for v in grid {
            while ia + 1 < ax.count && ax[ia + 1] <= v { ia += 1 }
            while ib + 1 < bx.count && bx[ib + 1] <= v { ib += 1 }
            diff.append(interpolate(ax, ay, ia, v) - interpolate(bx, by, ib, v))
        }
        return crossings(x: grid, y: diff, level: 0).map { c in
            (c.x, firstAtOrAfter(ax, c.x), firstAtOrAfter(bx, c.x), c.upward)
        }
    }

    private static func interpolate(_ x: [Double], _ y: [Double], _ i: Int, _ v: Double) -> Double {
        guard i + 1 < x.count, x[i] != v else { return y[i] }
        return y[i] + (v - x[i]) / (x[i + 1] - x[i]) * (y[i + 1] - y[i])
    }

    private static func firstAtOrAfter(_ x: [Double], _ v: Double) -> Int {
        var lo = 0, hi = x.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if x[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return Swift.min(lo, x.count - 1)
    }
}
