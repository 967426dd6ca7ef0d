import Synchronization

/// Thrown by work that stopped because the run was cancelled: not a failure of the chart.
public struct Cancelled: Error, Sendable, Equatable {
    public init() {}
}
