/// Writes JSON deterministically: keys in the order given, two-space indentation, numbers in their
/// shortest round-trip form (integral values without a fraction), non-finite numbers as `null`.
public struct JSONWriter: Sendable {
    public var pretty: Bool

    public init(pretty: Bool = true) { self.pretty = pretty }

    /// The text of `value`, ending with a newline when pretty.
    public func string(_ value: JSONValue) -> String {
        var out = ""
        out.reserveCapacity(1024)
        write(value, indent: 0, into: &out)
        if pretty { out.append("\n") }
        return out
    }

    /// The UTF-8 bytes of `value`.
    public func bytes(_ value: JSONValue) -> [UInt8] { Array(string(value).utf8) }

    private func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out.append("null")
        case let .bool(b): out.append(b ? "true" : "false")
        case let .int(i): out.append(String(i))
        case let .double(d): out.append(JSONWriter.number(d))
        case let .string(s): JSONWriter.quote(s, into: &out)
        case let .array(items):
            if items.isEmpty { out.append("[]"); return }
            // Arrays of scalars stay on one line: points and ranges read better that way.
            let flat = !pretty || items.allSatisfy(\.isScalar)
            out.append("[")
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(flat && pretty ? ", " : ",") }
                if !flat { newline(indent + 1, into: &out) }
                write(item, indent: indent + 1, into: &out)
            }
            if !flat { newline(indent, into: &out) }
            out.append("]")
        case let .object(members):
            if members.isEmpty { out.append("{}"); return }
            out.append("{")
            for (i, (key, member)) in members.enumerated() {
                if i > 0 { out.append(",") }
                if pretty { newline(indent + 1, into: &out) }
                JSONWriter.quote(key, into: &out)
                out.append(pretty ? ": " : ":")
                write(member, indent: indent + 1, into: &out)
            }
            if pretty { newline(indent, into: &out) }
            out.append("}")
        }
    }

    private func newline(_ indent: Int, into out: inout String) {
        out.append("\n")
        out.append(String(repeating: "  ", count: indent))
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
    /// contents of script elements").
    public static func quote(_ s: String, into out: inout String) {
        out.append("\"")
        for scalar in s.unicodeScalars {
            switch scalar {
            case "/" where out.unicodeScalars.last == "<": out.append("\\/")
            case "!" where out.unicodeScalars.last == "<":
                out.unicodeScalars.removeLast()
                out.append("\\u003C!")
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{2028}": out.append("\\u2028")
            case "\u{2029}": out.append("\\u2029")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
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
