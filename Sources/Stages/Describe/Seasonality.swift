import ChartpipeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the dominant cycle of a time series, as a description states it ("highest each year in
/// July–August, lowest in December–January").
///
/// For each cycle the data's spacing allows (a year for data a day to a month apart, a week for
/// daily data, a day and a week for hourly data) that the data covers two and a half times, values
/// are detrended by the moving mean of the whole cycle around them and grouped by phase; the share
/// of the detrended variance that the phase means explain (η², Fisher's correlation ratio) must be
/// at least `minimumStrength`, and a Kruskal-Wallis test across the phases' values must reject
/// equal phases at `alpha` (the trend stage's). The strongest cycle wins. Its highest and lowest
/// phases are those of the highest and lowest means of the values (not of the detrended ones),
/// which is what a description says: "its mean is highest in July".
enum Seasonality {
    static let minimumStrength = 0.5
    /// A second phase joins the highest (lowest) when its mean is within this share of the range of phase means.
    static let adjacentShare = 0.15

    static func find(x: [Double], y: [Double], zone: String, alpha: Double = 0.05) -> Season? {
        var points: [(x: Double, y: Double)] = []
        for i in x.indices where x[i].isFinite && y[i].isFinite { points.append((x[i], y[i])) }
        guard points.count >= 8 else { return nil }
        var steps = zip(points.dropFirst(), points).map { $0.x - $1.x }.filter { $0 > 0 }
        steps.sort()
        guard !steps.isEmpty else { return nil }
        let spacing = steps[steps.count / 2]
        let hour = 3_600_000.0, day = 24 * hour
        var candidates: [Season.Period] = []
        if spacing <= 2 * hour { candidates = [.day, .week] }
        else if spacing <= 2 * day { candidates = [.week, .year] }
        else if spacing <= 35 * day { candidates = [.year] }
        let timeZone = zone == "UTC" ? nil : TimeZone(identifier: zone)
        // Offsets from UTC, per point: daylight saving moves them.
        let offsets = points.map { p in timeZone.map { $0.secondsFromGMT(for: Date(timeIntervalSince1970: p.x / 1000)) } ?? 0 }
        var best: Season?
        for period in candidates {
            guard let season = measure(points, offsets: offsets, period: period), season.strength >= minimumStrength,
                  season.p < alpha else { continue }
            if best.map({ season.strength > $0.strength }) ?? true { best = season }
        }
        return best
    }

    /// The phase of an instant in its cycle (month 0–11, weekday 0–6 from Monday, hour 0–23) in the
    /// zone whose offset from UTC at that instant is `offset` seconds; by arithmetic on days
    /// (`TimeText.civil`), since a calendar per point costs more than the rest together.
    static func phase(_ millis: Double, _ period: Season.Period, offset: Int) -> Int {
        let local = Int64((millis / 1000).rounded(.down)) + Int64(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        switch period {
        case .day: return Int((local - days * 86_400) / 3_600)
        case .week: return Int(((days % 7) + 7 + 3) % 7)  // 1970-01-01 was a Thursday (3 from Monday)
        case .year: return TimeText.civil(fromDays: days).month - 1
        }
    }

    /// Milliseconds in one cycle (a year is the Gregorian average).
    static func length(_ period: Season.Period) -> Double {
        switch period {
        case .year: return 365.2425 * 86_400_000
        case .week: return 7 * 86_400_000
        case .day: return 86_400_000
        }
    }

    static func measure(_ points: [(x: Double, y: Double)], offsets: [Int], period: Season.Period) -> Season? {
        let phases = period == .year ? 12 : (period == .week ? 7 : 24)
        let cycle = length(period)
        guard let first = points.first?.x, let last = points.last?.x, last - first >= 2.5 * cycle else { return nil }
        // Detrended by the moving mean over one whole cycle centred on each value (classical
        // decomposition), so that a trend inside a cycle is not taken for its season; values
        // within half a cycle of either end have no whole cycle around them and are left out.
        var phaseResidual = [Double](repeating: 0, count: phases)
        var phaseCount = [Int](repeating: 0, count: phases)
        // The means a description states are of every value of a phase, the ends included: a reader
        // takes "a mean of 336 in July–August" for all of them.
        var phaseRaw = [Double](repeating: 0, count: phases), phaseRawCount = [Int](repeating: 0, count: phases)
        var phaseOf = [Int](repeating: 0, count: points.count)
        for (i, p) in points.enumerated() {
            let phase = phase(p.x, period, offset: offsets[i])
            phaseOf[i] = phase
            phaseRaw[phase] += p.y
            phaseRawCount[phase] += 1
        }
        var total = 0.0
        var lo = 0, hi = 0
        var windowSum = 0.0
        for (i, p) in points.enumerated() where p.x - cycle / 2 >= first && p.x + cycle / 2 <= last {
            while hi < points.count && points[hi].x < p.x + cycle / 2 { windowSum += points[hi].y; hi += 1 }
            while lo < hi && points[lo].x < p.x - cycle / 2 { windowSum -= points[lo].y; lo += 1 }
            guard hi > lo else { continue }
            let residual = p.y - windowSum / Double(hi - lo)
            let phase = phase(p.x, period, offset: offsets[i])
            phaseResidual[phase] += residual
            phaseCount[phase] += 1
            total += residual * residual
        }
        // Every phase must be seen at least twice.
        guard total > 0, phaseCount.allSatisfy({ $0 >= 2 }) else { return nil }
        var explained = 0.0
        for p in 0..<phases where phaseCount[p] > 0 {
            let mean = phaseResidual[p] / Double(phaseCount[p])
            explained += Double(phaseCount[p]) * mean * mean
        }
        guard let test = KruskalWallis.test(values: points.map(\.y), group: phaseOf, groups: phases) else { return nil }
        // The phases named are those of the highest and lowest means of the values themselves.
        let means = (0..<phases).map { phaseRawCount[$0] > 0 ? phaseRaw[$0] / Double(phaseRawCount[$0]) : 0 }
        guard let top = means.indices.max(by: { means[$0] < means[$1] }),
              let bottom = means.indices.min(by: { means[$0] < means[$1] }) else { return nil }
        let spread = means[top] - means[bottom]
        func widen(_ center: Int, higher: Bool) -> Season.Span {
            let before = (center + phases - 1) % phases, after = (center + 1) % phases
            let pick = higher ? (means[before] > means[after] ? before : after) : (means[before] < means[after] ? before : after)
            guard abs(means[pick] - means[center]) <= adjacentShare * spread else { return Season.Span(first: center, last: center) }
            // A pair of adjacent phases, earlier first; it may wrap (December–January).
            return pick == before ? Season.Span(first: before, last: center) : Season.Span(first: center, last: after)
        }
        let high = widen(top, higher: true), low = widen(bottom, higher: false)
        func rawMean(_ span: Season.Span) -> Double {
            let sum = span.phases.reduce(0.0) { $0 + phaseRaw[$1] }
            let count = span.phases.reduce(0) { $0 + phaseRawCount[$1] }
            return count > 0 ? sum / Double(count) : 0
        }
        return Season(period: period, high: high, low: low, highMean: rawMean(high), lowMean: rawMean(low),
                      strength: explained / total, p: test.p)
    }
}
