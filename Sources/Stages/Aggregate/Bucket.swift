import Foundation
import ChartpipeCore
import ChartpipeJSON

/// The running fold of one bucket.
struct Bucket {
    var count = 0
    /// The sum and its running error (Neumaier's compensated summation), so that a mean of the same
    /// values is the same double whatever their order, as pandas' means are.
    var sum = 0.0
    var compensation = 0.0
    /// 1, or 2⁻⁶⁴ once the sum has passed the largest double (values near 1.8e308): the sum and its
    /// compensation are then kept scaled by it (exact: a power of two), so that the mean is finite.
    var scale = 1.0
    var min = Double.infinity
    var max = -Double.infinity
    var firstX = Double.infinity, firstRecordOfValue = Int.max, firstValue = Double.nan
    var lastX = -Double.infinity, lastRecordOfValue = Int.min, lastValue = Double.nan
    var firstRecord = Int.max
    var lastRecord = Int.min
    /// Values, kept for `median` only.
    var values: [Double] = []

    mutating func add(x: Double, y: Double, record: Int, keepsValues: Bool) {
        firstRecord = Swift.min(firstRecord, record)
        lastRecord = Swift.max(lastRecord, record)
        guard !y.isNaN else { return }
        count += 1
        var v = y * scale
        var total = sum + v
        if !total.isFinite, scale == 1, sum.isFinite, y.isFinite {
            scale = 0x1p-64
            sum *= scale
            compensation *= scale
            v = y * scale
            total = sum + v
        }
        // Neumaier (1974): keep the low-order bits that the addition loses.
        compensation += abs(sum) >= abs(v) ? (sum - total) + v : (v - total) + sum
        sum = total
        if y < min { min = y }
        if y > max { max = y }
        if x < firstX || (x == firstX && record < firstRecordOfValue) { firstX = x; firstRecordOfValue = record; firstValue = y }
        if x > lastX || (x == lastX && record > lastRecordOfValue) { lastX = x; lastRecordOfValue = record; lastValue = y }
        if keepsValues { values.append(y) }
    }

    func value(_ op: Aggregate.Op) -> Double {
        if op == .count { return Double(count) }
        guard count > 0 else { return .nan }
        switch op {
        case .sum: return (sum + compensation) / scale
        case .mean: return (sum + compensation) / Double(count) / scale
        case .min: return min
        case .max: return max
        case .first: return firstValue
        case .last: return lastValue
        case .count: return Double(count)
        case .median:
            let sorted = values.sorted()
            let mid = sorted.count / 2
            guard sorted.count % 2 == 0 else { return sorted[mid] }
            let middle = (sorted[mid - 1] + sorted[mid]) / 2
            return middle.isFinite ? middle : sorted[mid - 1] / 2 + sorted[mid] / 2
        }
    }
}
