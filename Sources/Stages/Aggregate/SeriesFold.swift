import Foundation
import ChartpipeCore
import ChartpipeJSON

/// The buckets of one series, keyed by bucket start, with the last one cached for runs of
/// observations in the same bucket.
struct SeriesFold {
    let keepsValues: Bool
    var index: [Double: Int] = [:]
    var buckets: [(key: Double, bucket: Bucket)] = []
    var lastKey = Double.nan
    var lastSlot = -1

    init(keepsValues: Bool) { self.keepsValues = keepsValues }

    /// Adds one observation; returns whether it opened a new bucket.
    @discardableResult
    mutating func add(bucket key: Double, x: Double, y: Double, record: Int) -> Bool {
        let slot: Int
        var opened = false
        if key == lastKey {
            slot = lastSlot
        } else if let found = index[key] {
            slot = found
        } else {
            slot = buckets.count
            index[key] = slot
            buckets.append((key, Bucket()))
            opened = true
        }
        lastKey = key
        lastSlot = slot
        buckets[slot].bucket.add(x: x, y: y, record: record, keepsValues: keepsValues)
        return opened
    }

    func sortedBuckets() -> [(key: Double, bucket: Bucket)] {
        buckets.sorted { $0.key < $1.key }
    }
}
