import ChartpipeCore
import ChartpipeText

/// Each point's label: its x, value, what is notable about it and its position.
extension ChartDescriber {
    // MARK: Points

    /// Positions in the full series of the points of `data.series[k]`: downsampling keeps a subset
    /// of the full points with their x, so each is found by its x.
    func fullIndices(ofDataSeries k: Int) -> [Int] {
        guard k < data.series.count else { return [] }
        let drawn = data.series[k], whole = full.series[k]
        if drawn.count == whole.count { return Array(0..<drawn.count) }
        var out: [Int] = []
        out.reserveCapacity(drawn.count)
        var j = 0
        for xv in drawn.x {
            while j < whole.count - 1 && whole.x[j] < xv { j += 1 }
            out.append(j)
        }
        return out
    }

    func notableIndices(series k: Int) -> [Int] {
        let s = stats[k]
        var set = Set<Int>()
        for p in [s.first, s.last, s.min, s.max] { if let p { set.insert(p.index) } }
        for e in s.peaks { set.insert(e.point.index) }
        for e in s.valleys { set.insert(e.point.index) }
        for o in s.outliers { set.insert(o.point.index) }
        for g in s.segments { set.insert(g.from) }
        return set.sorted()
    }

    /// "June 6, $1,950, highest, 6 of 92": x, value, what is notable, position in the full series;
    /// on a chart of several series it starts with the series ("South: June 1, $1,022, …").
    func pointLabel(series k: Int, index i: Int) -> String {
        prefixed(k, ownLabel(series: k, index: i))
    }

    func ownLabel(series k: Int, index i: Int) -> String {
        // Read in place: a copy of the series or of its statistics would retain each of their arrays per label.
        let xi = full.series[k].x[i], yi = full.series[k].y[i]
        let position = i + 1, count = full.series[k].count
        guard yi.isFinite else {
            return say("point.missing", [t(x.text(xi)), .integer(position), .integer(count)])
        }
        var notes: [String] = []
        let basis = labelBasis[k]
        let isHighest = basis.highest == i, isLowest = basis.lowest == i
        if isHighest && basis.varies { notes.append(say("note.highest", [])) }
        if isLowest && basis.varies { notes.append(say("note.lowest", [])) }
        let mark = k < marks.count ? marks[k][i] ?? 0 : 0
        if !isHighest && mark & 1 != 0 { notes.append(say("note.peak", [])) }
        if !isLowest && mark & 2 != 0 { notes.append(say("note.valley", [])) }
        if mark & 4 != 0 { notes.append(say("note.outlier", [])) }
        if notes.isEmpty {
            if let pointPhrase {
                return pointPhrase.render { a in
                    switch a {
                    case 0: return x.text(xi)
                    case 1: return value(yi)
                    case 2: return pointPhrase.integer(position)
                    default: return countTexts[k]
                    }
                }
            }
            return say("point", [t(x.text(xi)), t(value(yi)), .integer(position), .integer(count)])
        }
        return say("point.noted", [t(x.text(xi)), t(value(yi)), t(language.list(notes)), .integer(position), .integer(count)])
    }
}
