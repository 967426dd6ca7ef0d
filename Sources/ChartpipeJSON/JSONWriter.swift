/// Writes JSON deterministically: keys in the order given, two-space indentation, numbers in their
/// shortest round-trip form (integral values without a fraction), non-finite numbers as `null`.
public struct JSONWriter: Sendable {
    public var pretty: Bool

    public init(pretty: Bool = true) { self.pretty = pretty }

    /// The text of `value`, ending with a newline when pretty.
    public func string(_ value: JSONValue) -> String { String(decoding: bytes(value), as: UTF8.self) }

    /// The UTF-8 bytes of `value`, ending with a newline when pretty. Written straight into bytes:
    /// descriptions are mostly text, and appending to a `String` scalar by scalar was a third of
    /// `describe`'s time.
    public func bytes(_ value: JSONValue) -> [UInt8] { bytes(value, poll: {}) }

    /// As `bytes(_:)`, calling `poll` every 4,096 elements of an array (a run's cancellation check:
    /// the points of a long chart's description take seconds to write).
    public func bytes<E: Error>(_ value: JSONValue, poll: () throws(E) -> Void) throws(E) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        try write(value, indent: 0, into: &out, poll: poll)
        if pretty { out.append(0x0A) }
        return out
    }

    func write<E: Error>(_ value: JSONValue, indent: Int, into out: inout [UInt8], poll: () throws(E) -> Void) throws(E) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case let .int(i): JSONWriter.decimal(i, into: &out)
        case let .double(d): JSONWriter.number(d, into: &out)
        case let .string(s): JSONWriter.quote(s, into: &out)
        case let .array(items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            // Arrays of scalars stay on one line: points and ranges read better that way.
            let flat = !pretty || items.allSatisfy(\.isScalar)
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i & 4095 == 4095 { try poll() }
                if i > 0 { out.append(contentsOf: (flat && pretty ? ", " : ",").utf8) }
                if !flat { newline(indent + 1, into: &out) }
                try write(item, indent: indent + 1, into: &out, poll: poll)
            }
            if !flat { newline(indent, into: &out) }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (key, member)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1, into: &out) }
                JSONWriter.quote(key, into: &out)
                out.append(contentsOf: (pretty ? ": " : ":").utf8)
                try write(member, indent: indent + 1, into: &out, poll: poll)
            }
            if pretty { newline(indent, into: &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ indent: Int, into out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// Appends the decimal digits of `value` (with a minus sign when negative): from the last
    /// digit, into a fixed buffer, with no string made per number (a manifest or a run cache
    /// writes tens of thousands).
    public static func decimal(_ value: Int, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var v = value.magnitude
        withUnsafeMutableBytes(of: &digits) { raw in
            var count = 0
            repeat {
                raw[count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            } while v > 0
            for k in stride(from: count - 1, through: 0, by: -1) { out.append(raw[k]) }
        }
    }

    /// `number(d)` into UTF-8 bytes, a whole number without a string on the way.
    public static func number(_ d: Double, into out: inout [UInt8]) {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 {
            decimal(d == 0 ? 0 : Int(d), into: &out)
        } else {
            out.append(contentsOf: number(d).utf8)
        }
    }

    /// Shortest round-trip text of a finite number; `null` otherwise.
    public static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 {
            return d == 0 ? "0" : String(Int64(d))
        }
        return "\(d)"
    }

    /// Appends `s` as a JSON string literal that can be inlined in an HTML `<script>` element:
    /// `</` is written `<\/` and `<!` as `\u003C!`, so that a string can neither close the element
    /// nor open a `<!--` that keeps the real end tag from closing it (HTML, "Restrictions for
    /// contents of script elements"). U+2028 and U+2029 are escaped for JavaScript before ES2019.
    public static func quote(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        quote(s, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `quote(_:into:)` into UTF-8 bytes.
    public static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            // Most strings (ids, paths, digests, sentences) need no escape: one scan, one copy.
            // (`/` is escaped only after `<`.)
            if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0xE2 }) {
                out.append(contentsOf: utf8)
                return
            }
            var runStart = 0
            var i = 0
            func flush(to end: Int) {
                if runStart < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<end])) }
            }
            while i < utf8.count {
                let byte = utf8[i]
                let escape: String?
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0..<0x20:
                    let hex = String(byte, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                case UInt8(ascii: "<") where i + 1 < utf8.count && utf8[i + 1] == UInt8(ascii: "!"): escape = "\\u003C"
                case UInt8(ascii: "/") where i > 0 && utf8[i - 1] == UInt8(ascii: "<"): escape = "\\/"
                case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                    flush(to: i)
                    out.append(contentsOf: (utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i += 3
                    runStart = i
                    continue
                default: escape = nil
                }
                if let escape {
                    flush(to: i)
                    out.append(contentsOf: escape.utf8)
                    runStart = i + 1
                }
                i += 1
            }
            flush(to: utf8.count)
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}
