import ChartpipeCore
import ChartpipeText

extension YValueText {
    /// The size of `change` without its sign.
    func magnitude(_ change: TrendChange) -> String { magnitude(absolute: change.absolute, percent: change.percent) }

    /// `change` with its sign.
    func signed(_ change: TrendChange) -> String { signed(absolute: change.absolute, percent: change.percent) }
}
