import ChartpipeJSON

/// What changed from one run's history of a chart to the next: the same answer for the run, for
/// its descriptions and for `chartpipe diff`, since all of them ask this one function.
public enum Comparison {
    /// Two values are one when they differ by less than this share of the larger (the last bits of
    /// a sum are no revision).
    static let tolerance = 1e-9

    public static func changes(from old: ChartHistory, to new: ChartHistory) -> [Change] {
        var changes: [Change] = []
        let oldNames = Set(old.series.map(\.name))
        let newNames = Set(new.series.map(\.name))
        for s in new.series where !oldNames.contains(s.name) {
            var change = Change(kind: .seriesAdded, series: s.name)
            if let last = lastValue(s) { (change.x, change.y) = (last.x, last.y) }
            changes.append(change)
        }
        for s in old.series where !newNames.contains(s.name) { changes.append(Change(kind: .seriesRemoved, series: s.name)) }
        let sameX = old.xType == new.xType && old.categories == new.categories
        for s in new.series {
            guard let o = old.series.first(where: { $0.name == s.name }) else { continue }
            if sameX { changes += pointChanges(from: o, to: s, xType: new.xType) }
            changes += verdictChanges(name: s.name, old: old, new: new, oldSeries: o)
        }
        return changes
    }

    private static func same(_ a: Double, _ b: Double) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        return abs(a - b) <= tolerance * max(abs(a), abs(b))
    }

    private static func lastValue(_ s: Series) -> (x: Double, y: Double)? {
        guard let i = s.y.indices.last(where: { s.y[$0].isFinite }) else { return nil }
        return (s.x[i], s.y[i])
    }

    private static func pointChanges(from o: Series, to s: Series, xType: XType) -> [Change] {
        var changes: [Change] = []
        let oldLastX = o.x.max() ?? -.infinity
        // New points: after the baseline's last x (category x has no order to be "after").
        if xType != .category {
            let added = s.x.indices.filter { s.x[$0] > oldLastX && s.y[$0].isFinite }
            if let latest = added.last {
                let before = s.y.indices.last { $0 < latest && s.y[$0].isFinite }
                changes.append(Change(kind: .newPoints, series: s.name, count: added.count, x: s.x[latest], y: s.y[latest],
                                      previousX: before.map { s.x[$0] }, previousY: before.map { s.y[$0] }))
            }
        }
        // The latest value against the baseline's latest.
        if let now = lastValue(s), let then = lastValue(o), !(now.x == then.x && same(now.y, then.y)) {
            changes.append(Change(kind: .latestChanged, series: s.name, x: now.x, y: now.y, previousX: then.x, previousY: then.y))
        }
        // Revisions: the same x, another value.
        let oldByX = Dictionary(o.x.indices.map { (o.x[$0], o.y[$0]) }, uniquingKeysWith: { a, _ in a })
        var revised: [(x: Double, old: Double, new: Double)] = []
        for i in s.x.indices {
            if let before = oldByX[s.x[i]], !same(before, s.y[i]) { revised.append((s.x[i], before, s.y[i])) }
        }
        if let largest = revised.max(by: { revisionSize($0) < revisionSize($1) }) {
            changes.append(Change(kind: .revised, series: s.name, count: revised.count, x: largest.x, y: largest.new,
                                  previousY: largest.old.isNaN ? nil : largest.old))
        }
        // New extremes: beyond every value the baseline had.
        let oldValues = o.y.filter(\.isFinite)
        if let oldMax = oldValues.max(), let oldMin = oldValues.min(), let since = s.x.first {
            let values = s.y.indices.filter { s.y[$0].isFinite }
            if let top = values.max(by: { s.y[$0] < s.y[$1] }), s.y[top] > oldMax, !same(s.y[top], oldMax) {
                changes.append(Change(kind: .newHigh, series: s.name, x: s.x[top], y: s.y[top], previousY: oldMax, since: since))
            }
            if let bottom = values.min(by: { s.y[$0] < s.y[$1] }), s.y[bottom] < oldMin, !same(s.y[bottom], oldMin) {
                changes.append(Change(kind: .newLow, series: s.name, x: s.x[bottom], y: s.y[bottom], previousY: oldMin, since: since))
            }
        }
        return changes
    }

    /// How far a revision moved a value. A gap filled or a value emptied has no size: it is the
    /// one a sentence names only when no value moved from one number to another.
    private static func revisionSize(_ r: (x: Double, old: Double, new: Double)) -> Double {
        r.old.isFinite && r.new.isFinite ? abs(r.new - r.old) : -1
    }

    private static func verdictChanges(name: String, old: ChartHistory, new: ChartHistory, oldSeries: Series) -> [Change] {
        var changes: [Change] = []
        let before = old.trends[name] ?? MonotonicTrend.none, after = new.trends[name] ?? MonotonicTrend.none
        if before != after, old.trends[name] != nil || new.trends[name] != nil {
            if before != .none { changes.append(Change(kind: .trendStopped, series: name, trend: before)) }
            if after != .none { changes.append(Change(kind: .trendStarted, series: name, trend: after)) }
        }
        let known = Set(old.crossings[name] ?? [])
        for c in new.crossings[name] ?? [] where !known.contains(where: { $0.threshold == c.threshold && $0.upward == c.upward && same($0.x, c.x) }) {
            changes.append(Change(kind: .newCrossing, series: name, x: c.x, threshold: c.threshold, upward: c.upward))
        }
        return changes
    }
}
