/// How a repeated wall-clock time (a daylight-saving fall-back) reads.
public enum AmbiguousTime: String, Sendable, CaseIterable {
    /// By order in the file: the first occurrence is the earlier instant, the next the later one
    /// (a file written as the clock went).
    case order
    /// Always the earlier instant (before the change).
    case earlier
    /// Always the later instant (after the change).
    case later
    /// An error naming the time and the zone.
    case error
}
