/// The variant of the Mann-Kendall test a verdict comes from (trend.json `mannKendall.test`).
public enum MannKendallTest: String, Sendable, Equatable {
    /// Values taken as independent (pymannkendall `original_test`).
    case original
    /// S's variance corrected for the series' significant autocorrelations (Hamed & Rao 1998;
    /// pymannkendall `hamed_rao_modification_test`): used for a serially correlated or cyclic series.
    case hamedRao
}
