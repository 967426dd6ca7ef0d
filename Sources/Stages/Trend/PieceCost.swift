#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

/// Least squares error of a straight line through points i...j, in O(1) from prefix sums over
/// centred values.
struct PieceCost {
    private var sx: [Double] = [0], sy: [Double] = [0], sxx: [Double] = [0], sxy: [Double] = [0], syy: [Double] = [0]

    init(x: [Double], y: [Double]) {
        let n = y.count
        let x0 = n > 0 ? x[n / 2] : 0, y0 = n > 0 ? y[n / 2] : 0
        for i in 0..<n {
            let a = x[i] - x0, b = y[i] - y0
            sx.append(sx[i] + a)
            sy.append(sy[i] + b)
            sxx.append(sxx[i] + a * a)
            sxy.append(sxy[i] + a * b)
            syy.append(syy[i] + b * b)
        }
    }

    /// SSE of the least squares line through points i...j (inclusive); 0 for two points or fewer.
    func sse(_ i: Int, _ j: Int) -> Double {
        let m = Double(j - i + 1)
        guard m > 2 else { return 0 }
        let a = sx[j + 1] - sx[i], b = sy[j + 1] - sy[i]
        let cxx = sxx[j + 1] - sxx[i] - a * a / m
        let cxy = sxy[j + 1] - sxy[i] - a * b / m
        let cyy = syy[j + 1] - syy[i] - b * b / m
        let residual = cxx > 0 ? cyy - cxy * cxy / cxx : cyy
        return Swift.max(residual, 0)
    }

    /// Least squares slope through points i...j.
    func slope(_ i: Int, _ j: Int) -> Double {
        let m = Double(j - i + 1)
        let a = sx[j + 1] - sx[i], b = sy[j + 1] - sy[i]
        let cxx = sxx[j + 1] - sxx[i] - a * a / m
        let cxy = sxy[j + 1] - sxy[i] - a * b / m
        return cxx > 0 ? cxy / cxx : 0
    }
}
