/// How many points of a series hold its lowest and its highest value: a description that names
/// one of many equal values says how many there are ("the lowest value, 1, occurred 40 times,
/// first on November 6"), not only the first (issue 31).
struct TiedExtremes: Sendable, Equatable {
    /// Points whose value equals the lowest (the highest) finite value; 0 for a series without one.
    let lowest: Int
    let highest: Int

    init(lowest: Int, highest: Int) {
        self.lowest = lowest
        self.highest = highest
    }

    /// Counts the points of `y` equal to `low` and to `high` (missing values never are).
    init(_ y: [Double], low: Double?, high: Double?) {
        var lows = 0, highs = 0
        for v in y {
            if v == low { lows += 1 }
            if v == high { highs += 1 }
        }
        self.init(lowest: lows, highest: highs)
    }
}
