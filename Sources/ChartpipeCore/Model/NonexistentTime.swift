/// How a wall-clock time that does not exist (skipped by a spring-forward change) reads.
public enum NonexistentTime: String, Sendable, CaseIterable {
    /// An error naming the time and the zone.
    case error
    /// Moved forward by the length of the gap (02:30 becomes 03:30), as clocks read it.
    case shift
}
