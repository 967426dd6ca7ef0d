import ChartpipeCore

/// The point labels of a description, made when they are read (`PointList`, `PointLabels`): a
/// million-point chart keeps the describer, not a million strings (issue 12).
extension ChartDescriber {
    /// The full-series index of each drawn point of series `k`; nil when every point is drawn
    /// (the drawn point `n` is the full series' point `n`), so that no array of a million indices is kept.
    func dataIndices(_ k: Int) -> [Int]? {
        guard k < data.series.count else { return [] }
        return data.series[k].count == full.series[k].count ? nil : fullIndices(ofDataSeries: k)
    }

    /// The points `chosen` (full-series indices; nil: every point) of series `k`, labelled when read.
    func points(series k: Int, chosen: [Int]?) -> PointList {
        let describer = self, s = full.series[k]
        return PointList(count: chosen?.count ?? s.count) { n in
            let i = chosen?[n] ?? n
            var labelling = describer
            return PointDescription(index: i, x: s.x[i], y: s.y[i].isFinite ? s.y[i] : nil,
                                    label: labelling.pointLabel(series: k, index: i))
        }
    }

    /// The labels of the drawn points, per series, made when read.
    func pointLabels() -> PointLabels {
        let describer = self
        let indices = full.series.indices.map(dataIndices)
        let counts = full.series.indices.map { k in k < data.series.count ? data.series[k].count : 0 }
        return PointLabels(counts: counts) { k, n in
            var labelling = describer
            return labelling.pointLabel(series: k, index: indices[k]?[n] ?? n)
        }
    }
}
