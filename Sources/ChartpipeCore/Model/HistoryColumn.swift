import ChartpipeJSON
import Foundation

/// One column of numbers of `history.json` (version 2), written compactly and read back bit for
/// bit, so that the next run's comparison sees every value of the full series.
///
/// - `decimal`: when every value is a decimal of at most 9 fraction digits that reads back exactly
///   (values from CSV and JSON sources, timestamps, category indices), the values times 10^`scale`
///   as integers, differenced `delta` times (x twice: regular steps become zeros; y once), each
///   zigzag-mapped and written as a LEB128 varint, a run of zeros as one zero and its length
///   minus one; base64. This is the delta-of-delta idea of Pelkonen et al., "Gorilla: A Fast,
///   Scalable, In-Memory Time Series Database" (VLDB 2015), over integers instead of bits.
/// - `binary64`: any other values (means of buckets, for one), as IEEE 754 binary64 in little-endian
///   order; base64.
///
/// Gaps (NaN) are not among the values: `gaps` lists their indices the same way (differenced once).
public enum HistoryColumn {
    static let maxScale = 9
    /// The most values one column may claim: a damaged file cannot make a reader allocate without bound.
    static let maxCount = 1 << 31

    public static func json(_ values: [Double], delta: Int) -> JSONValue {
        let gaps = values.indices.filter { values[$0].isNaN }
        let finite = gaps.isEmpty ? values : values.filter { !$0.isNaN }
        var members: [(String, JSONValue)]
        if let (scale, integers) = decimal(finite) {
            members = [("encoding", "decimal"), ("scale", .int(scale)), ("delta", .int(delta)),
                       ("values", .string(varints(differenced(integers, delta))))]
        } else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(finite.count * 8)
            for v in finite { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
            members = [("encoding", "binary64"), ("values", .string(Data(bytes).base64EncodedString()))]
        }
        if !gaps.isEmpty { members.append(("gaps", .string(varints(differenced(gaps.map(Int64.init), 1))))) }
        return .object(members)
    }

    /// The `count` values of a column `json(_:delta:)` wrote; nil when it is damaged or has another count.
    public static func values(_ json: JSONValue, count: Int) -> [Double]? {
        guard count >= 0, count <= maxCount, let encoded = json["values"]?.stringValue,
              let bytes = Data(base64Encoded: encoded).map(Array.init) else { return nil }
        var gaps: [Int] = []
        if let g = json["gaps"]?.stringValue {
            guard let gapBytes = Data(base64Encoded: g).map(Array.init), let read = readVarints(gapBytes, limit: count) else { return nil }
            var previous = -1
            for i in integrated(read, 1) {
                guard i > previous, i < count else { return nil }
                gaps.append(Int(i))
                previous = Int(i)
            }
        }
        let wanted = count - gaps.count
        var finite: [Double]
        switch json["encoding"]?.stringValue {
        case "decimal":
            guard let scale = json["scale"]?.intValue, (0...maxScale).contains(scale), let delta = json["delta"]?.intValue,
                  (0...2).contains(delta), let read = readVarints(bytes, limit: wanted), read.count == wanted else { return nil }
            let divisor = power(scale)
            finite = integrated(read, delta).map { Double($0) / divisor }
        case "binary64":
            guard bytes.count == wanted * 8 else { return nil }
            finite = (0..<wanted).map { k in
                var bits: UInt64 = 0
                for b in 0..<8 { bits |= UInt64(bytes[k * 8 + b]) << (8 * b) }
                return Double(bitPattern: bits)
            }
        default:
            return nil
        }
        guard !gaps.isEmpty else { return finite }
        var out = [Double](repeating: .nan, count: count)
        var next = finite.makeIterator()
        var g = 0
        for i in 0..<count {
            if g < gaps.count, gaps[g] == i { g += 1; continue }
            out[i] = next.next()!
        }
        return out
    }

    // MARK: Decimal values as integers

    static let powers: [Double] = (0...maxScale).map { n in (0..<n).reduce(1.0) { p, _ in p * 10 } }

    static func power(_ scale: Int) -> Double { powers[scale] }

    /// The values as integers times 10^scale, with the least scale that gives every value back
    /// exactly; nil when one is not such a decimal (or is infinite, or negative zero).
    static func decimal(_ values: [Double]) -> (Int, [Int64])? {
        var scale = 0
        for v in values {
            guard v.isFinite, !(v == 0 && v.sign == .minus) else { return nil }
            while integer(v, scale: scale) == nil {
                scale += 1
                if scale > maxScale { return nil }
            }
        }
        var out: [Int64] = []
        out.reserveCapacity(values.count)
        for v in values {
            guard let i = integer(v, scale: scale) else { return nil }
            out.append(i)
        }
        return (scale, out)
    }

    /// `v` times 10^scale as an integer, when dividing it back gives `v` bit for bit (both roundings
    /// are correctly rounded from the same decimal, so a value read from "1204.10" comes back).
    static func integer(_ v: Double, scale: Int) -> Int64? {
        let p = power(scale)
        let m = (v * p).rounded()
        guard abs(m) < 9_007_199_254_740_992 else { return nil }   // 2^53: every integer is exact
        let i = Int64(m)
        return (Double(i) / p).bitPattern == v.bitPattern ? i : nil
    }

    static func differenced(_ values: [Int64], _ times: Int) -> [Int64] {
        var v = values
        for _ in 0..<times {
            var previous: Int64 = 0
            for k in v.indices {
                let here = v[k]
                v[k] = here &- previous
                previous = here
            }
        }
        return v
    }

    static func integrated(_ values: [Int64], _ times: Int) -> [Int64] {
        var v = values
        for _ in 0..<times {
            var sum: Int64 = 0
            for k in v.indices {
                sum = sum &+ v[k]
                v[k] = sum
            }
        }
        return v
    }

    // MARK: Varints

    /// Zigzag (0, -1, 1, -2… as 0, 1, 2, 3…) and LEB128; a run of zeros is one 0 and the run's
    /// length minus one.
    static func varints(_ values: [Int64]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 2)
        func put(_ u: UInt64) {
            var u = u
            while u >= 0x80 {
                bytes.append(UInt8(u & 0x7F) | 0x80)
                u >>= 7
            }
            bytes.append(UInt8(u))
        }
        var k = 0
        while k < values.count {
            let v = values[k]
            put(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
            k += 1
            if v == 0 {
                var run = 0
                while k < values.count, values[k] == 0 { run += 1; k += 1 }
                put(UInt64(run))
            }
        }
        return Data(bytes).base64EncodedString()
    }

    /// What `varints` wrote, at most `limit` values; nil when it is cut short or holds more.
    static func readVarints(_ bytes: [UInt8], limit: Int) -> [Int64]? {
        var out: [Int64] = []
        var k = 0
        func get() -> UInt64? {
            var u: UInt64 = 0
            var shift: UInt64 = 0
            while k < bytes.count {
                let b = bytes[k]
                k += 1
                guard shift < 64 else { return nil }
                u |= UInt64(b & 0x7F) << shift
                if b & 0x80 == 0 { return u }
                shift += 7
            }
            return nil
        }
        while k < bytes.count {
            guard let u = get(), out.count < limit else { return nil }
            let v = Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1)
            out.append(v)
            if v == 0 {
                guard let run = get(), run <= UInt64(limit - out.count) else { return nil }
                out += repeatElement(0, count: Int(run))
            }
        }
        return out
    }
}
