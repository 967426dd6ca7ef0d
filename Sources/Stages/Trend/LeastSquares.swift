import ChartpipeCore

/// Ordinary least squares, computed as `scipy.stats.linregress` does: centred sums over the means,
/// so that large x (epoch days) lose no precision.
public enum LeastSquares {
    /// The line through `(x[i], y[i])`, or `nil` with fewer than two points or a constant x.
    /// `r2` is 0 when y is constant (the correlation is undefined there, as in scipy).
    public static func fit(x: [Double], y: [Double]) -> LinearFit? {
        precondition(x.count == y.count, "x and y must have equal lengths")
        let n = x.count
        guard n >= 2 else { return nil }
        // Values near the largest double overflow the sums: the fit of y scaled by a power of two
        // (exact, and only then, so that other data keep their bits), scaled back.
        let largest = y.reduce(0) { Swift.max($0, abs($1)) }
        if largest > 0x1p500, largest.isFinite {
            let unit = Double(sign: .plus, exponent: largest.exponent, significand: 1)
            guard let fit = fit(x: x, y: y.map { $0 / unit }) else { return nil }
            return LinearFit(slope: fit.slope * unit, intercept: fit.intercept * unit, r2: fit.r2)
        }
        let (sxx, sxy, syy, meanX, meanY) = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                var sumX = 0.0, sumY = 0.0
                for i in 0..<n { sumX += xs[i]; sumY += ys[i] }
                let mx = sumX / Double(n), my = sumY / Double(n)
                var sxx = 0.0, sxy = 0.0, syy = 0.0
                for i in 0..<n {
                    let dx = xs[i] - mx, dy = ys[i] - my
                    sxx += dx * dx
                    sxy += dx * dy
                    syy += dy * dy
                }
                return (sxx, sxy, syy, mx, my)
            }
        }
        guard sxx > 0 else { return nil }
        let slope = sxy / sxx
        var r = syy > 0 ? sxy / (sxx * syy).squareRoot() : 0
        r = Swift.min(1, Swift.max(-1, r))
        return LinearFit(slope: slope, intercept: meanY - slope * meanX, r2: r * r)
    }
}
