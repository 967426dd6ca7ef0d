import ChartpipeCore
import Foundation

/// The outcome of reading one time: an instant, a local wall-clock time still to place in a zone, or why not.
enum ParsedTime {
    case instant(Double)
    case local(Int64)
    case invalid((String) -> String)
}
