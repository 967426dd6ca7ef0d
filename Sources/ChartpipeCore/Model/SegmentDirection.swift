import Foundation
import ChartpipeJSON

/// Which way a segment goes.
public enum SegmentDirection: String, Sendable, Equatable, CaseIterable {
    case rise, fall, flat
}
