#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartpipeCore

/// A Fenwick tree of counts over 0..<count (Fenwick 1994), each below 2³¹ (4 bytes a value).
struct Fenwick {
    private var tree: [Int32]
    private let top: Int

    init(count: Int) {
        tree = [Int32](repeating: 0, count: count + 1)
        var bit = 1
        while bit * 2 <= count { bit *= 2 }
        top = bit
    }

    /// Every count back to zero, in place (a second tree of a million counts is not made beside it).
    mutating func reset() {
        tree.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    mutating func add(_ i: Int) {
        var j = i + 1
        while j < tree.count {
            tree[j] += 1
            j += j & -j
        }
    }

    /// How many values below `i` were added.
    func prefix(_ i: Int) -> Int {
        var j = i, sum = 0
        while j > 0 {
            sum += Int(tree[j])
            j -= j & -j
        }
        return sum
    }

    /// The k-th smallest added value (1-based k), by binary lifting.
    func kth(_ k: Int) -> Int {
        var position = 0, remaining = k, bit = top
        while bit > 0 {
            let next = position + bit
            if next < tree.count && Int(tree[next]) < remaining {
                position = next
                remaining -= Int(tree[next])
            }
            bit /= 2
        }
        return position
    }
}
