import ChartpipeCore
import ChartpipeText

/// The point labels of a description, made when they are read (`PointList`, `PointLabels`): a
/// million-point chart keeps the describer, not a million strings (issue 12).
extension ChartDescriber {
    /// The full-series index of each drawn point of series `k`; nil when every point is drawn
    /// (the drawn point `n` is the full series' point `n`), so that no array of a million indices is kept.
    func dataIndices(_ k: Int) -> [Int]? {
        guard k < data.series.count else { return [] }
        return data.series[k].count == full.series[k].count ? nil : fullIndices(ofDataSeries: k)
    }

    /// The points `chosen` (full-series indices; nil: every point) of series `k`, labelled when
    /// read, or with `labels` (the `n`th point's) when they are made already.
    func points(series k: Int, chosen: [Int]?, labels: [String]? = nil) -> PointList {
        let describer = self, s = full.series[k]
        return PointList(count: chosen?.count ?? s.count) { n in
            let i = chosen?[n] ?? n
            return PointDescription(index: i, x: s.x[i], y: s.y[i].isFinite ? s.y[i] : nil,
                                    label: labels?[n] ?? describer.pointLabel(series: k, index: i))
        }
    }

    /// Most drawn points, over every series, whose labels are made at once (about 5 MB of text).
    static let labelsMadeAtOnce = 65_536

    /// The drawn points, over every series.
    var drawnCount: Int {
        full.series.indices.reduce(0) { $0 + ($1 < data.series.count ? data.series[$1].count : 0) }
    }

    /// The labels of the drawn points, per series, made now.
    func drawnLabels() throws(Cancelled) -> [[String]] {
        var out: [[String]] = []
        for k in full.series.indices {
            try cancellation.check()
            let indices = dataIndices(k)
            let count = indices?.count ?? full.series[k].count
            var labels: [String] = []
            labels.reserveCapacity(count)
            for n in 0..<count {
                if n % 4096 == 4095 { try cancellation.check() }
                labels.append(pointLabel(series: k, index: indices?[n] ?? n))
            }
            out.append(labels)
        }
        return out
    }

    /// Meets every problem that a label of a point of series `k` can meet in this locale, for
    /// any of its points: each kind of label the series has is tried with positions of every
    /// plural category it holds (`Phrasebook.problems(checking:_:varying:)`, worked out once per
    /// run), not by labelling its points. The arguments are those `ownLabel` and `prefixed` give.
    func checkPointLabels(series k: Int) {
        let s = full.series[k], st = stats[k]
        guard s.count > 0 else { return }
        let text = TemplateArgument.text(""), count = TemplateArgument.integer(s.count)
        let positions = s.count
        let varies = st.min != nil && st.min?.y != st.max?.y
        let noted = varies || !st.peaks.isEmpty || !st.valleys.isEmpty || !st.outliers.isEmpty
        var checks: [(String, [TemplateArgument], varying: [Int: Int])] = []
        if let v = firstFinite[k] {
            // A count's counter, with a value of the series.
            _ = value(v)
            checks.append(("point", [text, text, .integer(1), count], [2: positions]))
            if noted { checks.append(("point.noted", [text, text, text, .integer(1), count], [3: positions])) }
        }
        if hasGap[k] { checks.append(("point.missing", [text, .integer(1), count], [1: positions])) }
        if varies { checks += [("note.highest", [], [:]), ("note.lowest", [], [:])] }
        if !st.peaks.isEmpty { checks.append(("note.peak", [], [:])) }
        if !st.valleys.isEmpty { checks.append(("note.valley", [], [:])) }
        if !st.outliers.isEmpty { checks.append(("note.outlier", [], [:])) }
        if full.series.count > 1 { checks.append(("nav.seriesLabel", [text, text], [:])) }
        for (key, arguments, varying) in checks { note(phrases.problems(checking: key, arguments, varying: varying), key: key) }
    }

    /// The labels of the drawn points, per series, made when read.
    func pointLabels() -> PointLabels {
        let describer = self
        let indices = full.series.indices.map(dataIndices)
        let counts = full.series.indices.map { k in k < data.series.count ? data.series[k].count : 0 }
        return PointLabels(counts: counts) { k, n in
            return describer.pointLabel(series: k, index: indices[k]?[n] ?? n)
        }
    }
}
