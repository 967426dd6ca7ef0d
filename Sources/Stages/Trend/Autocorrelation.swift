#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sample autocorrelation function as statsmodels' `acf` and pymannkendall's `__acf` define it:
/// r(k) = Σ (y[t] - ȳ)(y[t+k] - ȳ) / Σ (y[t] - ȳ)², every sum over n (the biased estimator, Box & Jenkins 1976).
///
/// Small series sum directly; beyond `directUpTo` points the sums are one circular correlation of
/// the zero-padded series, by the fast Fourier transform (Wiener-Khinchin), in O(n log n).
enum Autocorrelation {
    /// Up to this many points (times lags) the sums are direct.
    static let directUpTo = 2_000_000

    /// r(0)…r(maxLag); all zeros past r(0) = 1 when the values are all equal, empty for no values.
    static func of(_ y: [Double], maxLag: Int) -> [Double] {
        let n = y.count
        guard n > 0 else { return [] }
        let lags = Swift.min(Swift.max(maxLag, 0), n - 1)
        let mean = y.reduce(0, +) / Double(n)
        let centred = y.map { $0 - mean }
        var acov: [Double]
        if n * (lags + 1) <= directUpTo {
            acov = (0...lags).map { k in
                var sum = 0.0
                for t in 0..<(n - k) { sum += centred[t] * centred[t + k] }
                return sum
            }
        } else {
            acov = Array(circularAutocovariance(centred).prefix(lags + 1))
        }
        guard let c0 = acov.first, c0 > 0 else { return [1] + [Double](repeating: 0, count: lags) }
        return acov.map { $0 / c0 }
    }

    /// Σ y[t] y[t+k] for every k, by FFT of `y` padded with zeros to a power of two ≥ 2n.
    static func circularAutocovariance(_ y: [Double]) -> [Double] {
        var size = 1
        while size < 2 * y.count { size <<= 1 }
        var re = y + [Double](repeating: 0, count: size - y.count)
        var im = [Double](repeating: 0, count: size)
        transform(&re, &im, inverse: false)
        for i in 0..<size {
            re[i] = re[i] * re[i] + im[i] * im[i]
            im[i] = 0
        }
        transform(&re, &im, inverse: true)
        return Array(re.prefix(y.count)).map { $0 / Double(size) }
    }

    /// In-place iterative radix-2 Cooley-Tukey FFT (Cooley & Tukey 1965); `re.count` a power of two.
    /// The inverse is unscaled.
    static func transform(_ re: inout [Double], _ im: inout [Double], inverse: Bool) {
        let n = re.count
        guard n > 1 else { return }
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var length = 2
        while length <= n {
            let angle = (inverse ? 2.0 : -2.0) * Double.pi / Double(length)
            let half = length / 2
            // Twiddles from cos/sin per index, not by repeated multiplication, which drifts on long transforms.
            let wr = (0..<half).map { cos(angle * Double($0)) }, wi = (0..<half).map { sin(angle * Double($0)) }
            var start = 0
            while start < n {
                for k in 0..<half {
                    let a = start + k, b = a + half
                    let tr = re[b] * wr[k] - im[b] * wi[k]
                    let ti = re[b] * wi[k] + im[b] * wr[k]
                    re[b] = re[a] - tr; im[b] = im[a] - ti
                    re[a] += tr; im[a] += ti
                }
                start += length
            }
            length <<= 1
        }
    }
}
