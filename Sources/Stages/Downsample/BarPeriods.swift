import ChartpipeCore
import Foundation

/// Bars are periods: a bar stands for a span of x, so bars are never thinned by LTTB, M4 or
/// MinMax (a dropped day would read as a missing one). Too many bars over time are folded into the
/// shortest calendar period of `units` (weeks, months, quarters, years, in the chart's zone) that
/// gives at most `limit` bars. Every period from the first to the last is a bar: one without a
/// value is NaN, which the chart marks "no data", unlike a bar of zero.
struct BarPeriods {
    let unit: String
    let calendar: Calendar

    static let units = ["week", "month", "quarter", "year"]

    init(unit: String, zone: TimeZone) {
        self.unit = unit
        // ISO 8601 weeks: Monday first, week 1 holds the first Thursday.
        var calendar = Calendar(identifier: unit == "week" ? .iso8601 : .gregorian)
        calendar.timeZone = zone
        if unit == "week" {
            calendar.firstWeekday = 2
            calendar.minimumDaysInFirstWeek = 4
        }
        self.calendar = calendar
    }

    /// `[start, end)` in epoch milliseconds of the period holding `ms`.
    func period(_ ms: Double) -> (start: Double, end: Double) {
        let date = Date(timeIntervalSince1970: ms / 1000)
        var start = date, end = date
        if unit == "week" {
            if let interval = calendar.dateInterval(of: .weekOfYear, for: date) {
                start = interval.start
                end = interval.end
            }
        } else {
            let parts = calendar.dateComponents([.year, .month], from: date)
            let month = parts.month ?? 1
            let first = unit == "month" ? month : unit == "quarter" ? (month - 1) / 3 * 3 + 1 : 1
            let months = unit == "month" ? 1 : unit == "quarter" ? 3 : 12
            if let s = calendar.date(from: DateComponents(year: parts.year, month: first, day: 1)),
               let e = calendar.date(byAdding: .month, value: months, to: s) {
                start = s
                end = e
            }
        }
        return ((start.timeIntervalSince1970 * 1000).rounded(), (end.timeIntervalSince1970 * 1000).rounded())
    }

    /// The periods from the one holding `low` to the one holding `high`.
    func periods(from low: Double, to high: Double) -> [(start: Double, end: Double)] {
        var out: [(start: Double, end: Double)] = []
        var p = period(low)
        while p.start <= high, p.end > p.start {
            out.append(p)
            p = period(p.end)
        }
        return out
    }

    /// The shortest unit whose periods over `low...high` number at most `limit`; nil if even years are too many.
    static func unit(low: Double, high: Double, limit: Int, zone: TimeZone) -> BarPeriods? {
        for unit in units {
            let periods = BarPeriods(unit: unit, zone: zone)
            // A cheap bound first: periods are at least 7 days apart.
            if (high - low) / 86_400_000 / 7 > Double(limit) * 40 && unit == "week" { continue }
            if periods.periods(from: low, to: high).count <= limit { return periods }
        }
        return nil
    }

    /// How bucketing folds values that may already be folded: sums stay sums (and counts sum),
    /// extremes stay extremes, anything else (readings, means) becomes a mean.
    static func op(after previous: String?) -> String {
        switch previous {
        case "sum", "count": return "sum"
        case "min": return "min"
        case "max": return "max"
        default: return "mean"
        }
    }

    /// `set` folded into these periods with `op`; each series gets every period of the span.
    /// `perBar`: the sampled x a typical period holds (its sub-periods).
    func fold(_ set: SeriesSet, op: String) -> (set: SeriesSet, partialFirst: Bool, partialLast: Bool, perBar: Int) {
        let xs = set.series.flatMap { $0.x.filter(\.isFinite) }
        guard let low = xs.min(), let high = xs.max() else { return (set, false, false, 0) }
        let spans = periods(from: low, to: high)
        let starts = spans.map(\.start)
        var out = set
        for (k, s) in set.series.enumerated() {
            var values = Array(repeating: [Double](), count: spans.count)
            var firsts = Array(repeating: Int.max, count: spans.count), lasts = Array(repeating: -1, count: spans.count)
            for i in s.x.indices where s.x[i].isFinite {
                // The last period starting at or before x.
                var lo = 0, hi = starts.count
                while hi - lo > 1 {
                    let mid = (lo + hi) / 2
                    if starts[mid] <= s.x[i] { lo = mid } else { hi = mid }
                }
                firsts[lo] = min(firsts[lo], s.firstRecord[i])
                lasts[lo] = max(lasts[lo], s.lastRecord[i])
                if s.y[i].isFinite { values[lo].append(s.y[i]) }
            }
            var folded = Series(name: s.name)
            for (j, v) in values.enumerated() {
                let y: Double
                if v.isEmpty {
                    y = .nan
                } else {
                    switch op {
                    case "sum": y = v.reduce(0, +)
                    case "min": y = v.min() ?? .nan
                    case "max": y = v.max() ?? .nan
                    default: y = v.reduce(0, +) / Double(v.count)
                    }
                }
                // A period without a record keeps the record numbers of its neighbour before it (0 at first).
                let first = firsts[j] == Int.max ? max(0, lasts[..<j].max() ?? 0) : firsts[j]
                folded.append(x: starts[j], y: y, firstRecord: first, lastRecord: lasts[j] < 0 ? first : lasts[j])
            }
            out.series[k] = folded
        }
        let edges = Self.partialEdges(counts: Self.sampledCounts(xs, starts: starts), lengths: spans.map { $0.end - $0.start })
        return (out, edges.first, edges.last, edges.typical)
    }

    /// How many distinct sampled x fall in each period (`starts` ascending): the sub-periods it covers.
    static func sampledCounts(_ xs: [Double], starts: [Double]) -> [Int] {
        var counts = Array(repeating: 0, count: starts.count)
        var j = 0
        for x in Array(Set(xs)).sorted() {
            while j + 1 < starts.count, starts[j + 1] <= x { j += 1 }
            counts[j] += 1
        }
        return counts
    }

    /// Whether the first (last) period is partial: it holds fewer sampled x than a typical full
    /// period of its length would, by the series' own sampling (the median per-millisecond count
    /// of the interior periods; of all of them when there are fewer than three). Quarterly data
    /// leaves a year with its four quarters whole though its last x is October 1.
    static func partialEdges(counts: [Int], lengths: [Double]) -> (first: Bool, last: Bool, typical: Int) {
        guard counts.count == lengths.count, let firstCount = counts.first, let lastCount = counts.last else { return (false, false, 0) }
        let inner = counts.count >= 3 ? Array(1..<(counts.count - 1)) : Array(counts.indices)
        let densities = inner.compactMap { lengths[$0] > 0 ? Double(counts[$0]) / lengths[$0] : nil }.sorted()
        guard !densities.isEmpty else { return (false, false, 0) }
        let density = counts.count >= 3 ? densities[densities.count / 2] : densities[densities.count - 1]
        // A full period of this length holds the whole sub-periods that fit (a leap year's 366 days still hold 4 quarters).
        func full(_ length: Double) -> Int { Int((density * length + 1e-6).rounded(.down)) }
        let typicalCounts = inner.map { counts[$0] }.sorted()
        let typical = typicalCounts[typicalCounts.count / 2]
        let first = firstCount < full(lengths[0])
        let last = counts.count > 1 && lastCount < full(lengths[lengths.count - 1])
        return (first, last, typical)
    }

    /// The calendar unit the series is sampled in, by its median step, or nil when it is none of them.
    static func samplingUnit(step: Double) -> String? {
        let days = step / 86_400_000
        switch days {
        case 0.95...1.05: return "day"
        case 6.9...7.1: return "week"
        case 27.9...31.1: return "month"
        case 88.9...92.1: return "quarter"
        default: return nil
        }
    }

    static func medianStep(_ xs: [Double]) -> Double? {
        let sorted = Array(Set(xs)).sorted()
        let steps = zip(sorted, sorted.dropFirst()).map { $1 - $0 }.sorted()
        return steps.isEmpty ? nil : steps[steps.count / 2]
    }
}
