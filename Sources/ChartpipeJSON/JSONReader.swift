/// A strict JSON parser straight into `JSONValue`, for `JSONParser`'s fast path: jansson builds its
/// own tree (a hash table per object, a copy of every string) that is then converted, which was
/// most of the time an incremental run took to read a manifest of 1,000 charts.
///
/// It accepts only what `JSONParser` accepts with jansson (RFC 8259: no trailing commas,
/// comments, NaN, leading zeros; no duplicate keys; valid UTF-8; integers within 64 bits, reals
/// finite; `\u0000` allowed; at most 2,048 values deep, counted as jansson counts), and it builds
/// the value jansson's conversion builds: integers (no fraction, no exponent) as `.int`, other
/// numbers as `.double`. It is stricter in one corner (keys that differ only in Unicode
/// normalisation count as duplicates here) and reports no error: on anything it does not accept
/// it returns nil, and `JSONParser` asks jansson, which reads it or says what is wrong and where.
struct JSONReader {
    /// jansson's `JSON_PARSER_MAX_DEPTH`, which `parse_value` checks for every value.
    static let maxDepth = 2048

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The value of the whole of `bytes`, or nil when it is not one JSON text as jansson reads it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var reader = JSONReader(bytes)
        reader.skipSpace()
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        // (Not a conditional expression: `nil` there would be JSONValue's nil literal, `.null`.)
        guard reader.i == bytes.count else { return nil }
        return value
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func value() -> JSONValue? {
        // jansson counts every value, a scalar too, against its depth limit.
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth, i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return word("true", .bool(true))
        case UInt8(ascii: "f"): return word("false", .bool(false))
        case UInt8(ascii: "n"): return word("null", .null)
        default: return number()
        }
    }

    private mutating func word(_ text: StaticString, _ value: JSONValue) -> JSONValue? {
        let n = text.utf8CodeUnitCount
        guard i + n <= bytes.count else { return nil }
        for k in 0..<n where bytes[i + k] != text.utf8Start[k] { return nil }
        i += n
        return value
    }

    private mutating func object() -> JSONValue? {
        i += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        var keys: Set<String>?
        while true {
            // (A key holding NUL is left to jansson, which refuses it.)
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string(), !key.utf8.contains(0) else { return nil }
            // Duplicate keys are refused, as JSON_REJECT_DUPLICATES does: by a scan while the
            // object is small (a manifest's are), by a set beyond.
            if members.count < 16 {
                if members.contains(where: { $0.0 == key }) { return nil }
            } else {
                if keys == nil { keys = Set(members.map(\.0)) }
                guard keys!.insert(key).inserted else { return nil }
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            guard let member = value() else { return nil }
            members.append((key, member))
            guard let more = next(closing: UInt8(ascii: "}")) else { return nil }
            if !more { return .object(members) }
        }
    }

    private mutating func array() -> JSONValue? {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            guard let item = value() else { return nil }
            items.append(item)
            guard let more = next(closing: UInt8(ascii: "]")) else { return nil }
            if !more { return .array(items) }
        }
    }

    /// After a member or an item: true past a comma (another follows), false past `closing` (the
    /// container ends), nil for anything else.
    private mutating func next(closing: UInt8) -> Bool? {
        skipSpace()
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: ",") {
            i += 1
            skipSpace()
            return true
        }
        guard bytes[i] == closing else { return nil }
        i += 1
        return false
    }

    /// A string literal at `i` (its opening quote). Without escapes its bytes are taken as they
    /// are, once checked to be UTF-8.
    private mutating func string() -> String? {
        i += 1
        let start = i
        var plain = true
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { return nil }
            if b == UInt8(ascii: "\\") { plain = false; i += 2 } else { i += 1 }
        }
        guard i < bytes.count else { return nil }
        let end = i
        i += 1
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if plain { return String(validating: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var k = 0
        while k < raw.count {
            let b = raw[k]
            guard b == UInt8(ascii: "\\") else { out.append(b); k += 1; continue }
            guard k + 1 < raw.count else { return nil }
            k += 2
            if let byte = Self.escaped(raw[k - 1]) { out.append(byte); continue }
            switch raw[k - 1] {
            case UInt8(ascii: "u"):
                guard var scalar = Self.hex4(raw, at: k) else { return nil }
                k += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one (jansson refuses a lone one).
                    guard k + 6 <= raw.count, raw[k] == UInt8(ascii: "\\"), raw[k + 1] == UInt8(ascii: "u"),
                          let low = Self.hex4(raw, at: k + 2), (0xDC00..<0xE000).contains(low) else { return nil }
                    k += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    return nil
                }
                guard let s = Unicode.Scalar(scalar) else { return nil }
                out.append(contentsOf: UTF8.encode(s)!)
            default:
                return nil
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// The byte a one-letter escape (`\n`, `\"`, …) stands for; nil for `\u` and anything else.
    static func escaped(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return letter
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at k: Int) -> UInt32? {
        guard k + 4 <= raw.count else { return nil }
        var v: UInt32 = 0
        for b in raw[k..<(k + 4)] {
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(digit)
        }
        return v
    }

    /// A number by RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() -> JSONValue? {
        let start = i
        func digits() -> Int {
            let from = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - from
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return nil
        }
        var integral = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return nil }
            integral = false
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
            integral = false
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<i])
        if integral {
            // Small integers (a manifest's sizes and counts) without making a string.
            if text.count < 19 {
                var v = 0
                var k = 0
                let negative = text[0] == UInt8(ascii: "-")
                if negative { k = 1 }
                while k < text.count { v = v * 10 + Int(text[k] - UInt8(ascii: "0")); k += 1 }
                return .int(negative ? -v : v)
            }
            // jansson refuses an integer beyond 64 bits.
            return Int64(String(decoding: text, as: UTF8.self)).map { .int(Int($0)) }
        }
        // Correctly rounded, as strtod is; jansson refuses an overflow to infinity.
        guard let d = Double(String(decoding: text, as: UTF8.self)), d.isFinite else { return nil }
        return .double(d)
    }
}
