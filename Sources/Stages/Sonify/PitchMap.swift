#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import ChartpipeCore

/// Maps a value onto a pitch: the value domain spans `low`…`high` Hz on a logarithmic (musical)
/// scale, so equal ratios of frequency stand for equal steps of value.
public struct PitchMap: Sendable, Equatable {
    /// Lowest pitch in Hz (the bottom of the domain).
    public var low: Double
    /// Highest pitch in Hz (the top of the domain).
    public var high: Double
    /// The values that map onto `low`…`high`; values outside are clamped to the nearest end.
    public var domain: ClosedRange<Double>

    public init(low: Double, high: Double, domain: ClosedRange<Double>) {
        self.low = low
        self.high = high
        self.domain = domain
    }

    /// The position of `value` in the domain, 0…1; a domain of one value maps everything to the middle.
    public func position(of value: Double) -> Double {
        // Halves, so that a domain past the largest double (upper − lower = ∞) keeps its positions.
        let span = domain.upperBound / 2 - domain.lowerBound / 2
        guard span > 0 else { return 0.5 }
        return min(1, max(0, (value / 2 - domain.lowerBound / 2) / span))
    }

    /// The pitch of `value` in Hz.
    public func frequency(of value: Double) -> Double {
        low * exp2(log2(high / low) * position(of: value))
    }

    /// The domain a chart's audio uses: the fixed y range when the chart has one, else the extent
    /// of every finite value of every series (so that the series of one chart are comparable).
    /// `nil` when there is no finite value at all.
    public static func domain(fixed: ClosedRange<Double>?, series: [Series]) -> ClosedRange<Double>? {
        if let fixed { return fixed }
        var lo = Double.infinity
        var hi = -Double.infinity
        for s in series {
            for v in s.y where v.isFinite {
                lo = min(lo, v)
                hi = max(hi, v)
            }
        }
        return lo <= hi ? lo...hi : nil
    }
}
