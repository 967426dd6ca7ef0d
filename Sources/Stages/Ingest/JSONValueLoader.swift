import CJansson
import ChartpipeCore
import ChartpipeJSON
import Synchronization

/// One JSON value from bytes through jansson, with what valid JSON allows and jansson refuses
/// mended on a copy (NUL in member names, numbers beyond its range), and duplicate member names
/// found: what the framer calls for every value it reads.
enum JSONValueLoader {
    /// `json_loadb`, retried on a copy when jansson refuses what valid JSON allows: a `\u0000` in a
    /// member name (read as U+FFFD; such a name cannot be a field anyway), and a number beyond
    /// jansson's range (an integer past 64 bits, a real past 1.8e308), which becomes a marked
    /// string holding its text (`overflowToken`), so that only a field that uses it can fail.
    /// `error`'s position and column are given in the original bytes.
    ///
    /// Duplicate member names are looked for first (jansson stops at the first): when there is
    /// one, `duplicate` is its error and the value is read again keeping the last, which the
    /// caller warns about or refuses (SPEC §8: no value changes silently).
    static func load(_ p: UnsafeMutablePointer<UInt8>, _ n: Int, flags: Int,
                             _ error: inout json_error_t, duplicate: inout json_error_t?) -> UnsafeMutablePointer<json_t>? {
        if let strict = load(p, n, flags: flags | Int(JSON_REJECT_DUPLICATES), &error) { return strict }
        guard Jansson.errorText(error).hasPrefix("duplicate object key") else { return nil }
        duplicate = error
        return load(p, n, flags: flags, &error)
    }

    static func load(_ p: UnsafeMutablePointer<UInt8>, _ n: Int, flags: Int,
                             _ error: inout json_error_t) -> UnsafeMutablePointer<json_t>? {
        parsedBytes.wrappingAdd(n, ordering: .relaxed)
        let first = p.withMemoryRebound(to: CChar.self, capacity: max(n, 1)) { json_loadb($0, n, flags, &error) }
        guard first == nil else { return first }
        var copy = [UInt8]()
        var keysMended = false
        var markers: [(position: Int, line: Int)] = []
        var value: UnsafeMutablePointer<json_t>?
        while value == nil {
            if !keysMended, Jansson.errorText(error).hasPrefix("NUL byte in object key") {
                if copy.isEmpty { copy = Array(UnsafeBufferPointer(start: p, count: n)) }
                mendNULsInNames(&copy)
                keysMended = true
            } else if json_error_code(&error) == json_error_numeric_overflow {
                if copy.isEmpty { copy = Array(UnsafeBufferPointer(start: p, count: n)) }
                guard let token = numberToken(in: copy, endingAt: Int(error.position)) else { break }
                copy.replaceSubrange(token, with: Self.overflowMarker(copy[token]))
                markers.append((token.lowerBound, Int(error.line)))
            } else {
                break
            }
            value = copy.withUnsafeBufferPointer { buffer in
                buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: copy.count) { json_loadb($0, copy.count, flags, &error) }
            }
        }
        // Markers lie before wherever jansson stopped: it reads from the start.
        let widened = markers.count * overflowMarkerOverhead
        error.position -= Int32(widened)
        error.column -= Int32(markers.filter { $0.line == Int(error.line) }.count * overflowMarkerOverhead)
        return value
    }

    /// Every `\u0000` escape read as `\uFFFD` (same length, so positions hold).
    private static func mendNULsInNames(_ copy: inout [UInt8]) {
        var i = 0
        while i + 1 < copy.count {
            if copy[i] == UInt8(ascii: "\\") {
                if copy[i + 1] == UInt8(ascii: "u"), i + 6 <= copy.count, copy[(i + 2)..<(i + 6)].allSatisfy({ $0 == UInt8(ascii: "0") }) {
                    copy.replaceSubrange((i + 2)..<(i + 6), with: Array("FFFD".utf8))
                }
                i += 2
            } else {
                i += 1
            }
        }
    }

    /// The bytes of the number that ends at `end` (where jansson reports an overflow), or nil.
    private static func numberToken(in bytes: [UInt8], endingAt end: Int) -> Range<Int>? {
        guard end <= bytes.count else { return nil }
        var start = end
        while start > 0, "0123456789+-.eE".utf8.contains(bytes[start - 1]) { start -= 1 }
        guard start < end, bytes[start] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[start]) else { return nil }
        // A number where a member name belongs (followed by ':') stays an error: only values are mended.
        var after = end
        while after < bytes.count, isSpace(bytes[after]) { after += 1 }
        guard after == bytes.count || bytes[after] != UInt8(ascii: ":") else { return nil }
        return start..<end
    }

    /// U+FFFF, a noncharacter (Unicode §23.7: reserved for a program's internal use), starts the
    /// string that stands for a number jansson cannot hold.
    private static let overflowPrefix: [UInt8] = [0xEF, 0xBF, 0xBF]
    /// Bytes a marker adds to its number: two quotes and the escape `\uFFFF`.
    private static let overflowMarkerOverhead = 8

    private static func overflowMarker(_ token: ArraySlice<UInt8>) -> [UInt8] {
        Array("\"\\uFFFF".utf8) + token + [UInt8(ascii: "\"")]
    }

    /// The text of a number that jansson could not hold, when `v` is the string standing for one.
    static func overflowToken(_ v: UnsafeMutablePointer<json_t>) -> String? {
        guard v.pointee.type == JSON_STRING else { return nil }
        let text = Jansson.string(v)
        guard text.utf8.starts(with: overflowPrefix) else { return nil }
        return String(text.unicodeScalars.dropFirst())
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// Bytes handed to jansson since the process started, each time it reads them: tests count the
    /// work of reading a file with it.
    package static let parsedBytes = Atomic<Int>(0)
}
