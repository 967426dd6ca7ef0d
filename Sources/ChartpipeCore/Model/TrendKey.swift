// The statistics the `trend` stage adds to a chart's context, as `describe` and `report` read them,
// and their encoding as `trend.json` (SPEC §4).

import Foundation
import ChartpipeJSON

/// The key under which `trend` stores its `TrendResult` in a chart's context.
public enum TrendKey: ContextKey {
    public typealias Value = TrendResult
}
