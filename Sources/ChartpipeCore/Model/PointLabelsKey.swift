/// Localized labels of the points of `ChartContext.data`, added by `describe` and read by the
/// stages that speak or show points (cues of the audio graph, the report).
///
/// `labels[locale][seriesIndex][pointIndex]` is the label of that point in that locale, made when it
/// is read (`PointLabels`).
public enum PointLabelsKey: ContextKey {
    public typealias Value = [String: PointLabels]
}
