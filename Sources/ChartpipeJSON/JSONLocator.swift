import ChartpipeLock
import Foundation

/// Where each value of a JSON text starts, by JSON Pointer (RFC 6901), so that messages about a
/// pipeline file can name `line:column`. jansson parses and checks the text; this only walks it.
public struct JSONLocator: Sendable {
    public struct Position: Sendable, Equatable {
        /// 1-based line and column (columns count Unicode scalars) of the value.
        public var line: Int
        public var column: Int
        /// Position of the member's key, for object members.
        public var keyLine: Int?
        public var keyColumn: Int?
    }

    /// The text, walked the first time a position is asked for: a pipeline without a problem to
    /// point at is never walked.
    private final class Table: Sendable {
        let bytes: [UInt8]
        let walked = Locked<[String: Position]?>(nil)

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        subscript(pointer: String) -> Position? {
            walked.withLock { positions in
                if positions == nil {
                    var walker = Walker(bytes: bytes)
                    walker.value(pointer: "", key: nil)
                    positions = walker.positions
                }
                return positions?[pointer]
            }
        }
    }

    private let table: Table

    /// For `bytes`, which must already be valid JSON.
    public init(_ bytes: [UInt8]) { table = Table(bytes) }

    /// The position of the value at `pointer` ("" for the root, "/charts/0/id").
    public func value(_ pointer: String) -> Position? { table[pointer] }

    /// The position of the key of the member at `pointer`, else of its value, else of the nearest
    /// enclosing value that has one.
    public func key(_ pointer: String) -> Position? {
        var p = pointer
        while true {
            if let pos = table[p] {
                if let l = pos.keyLine, let c = pos.keyColumn { return Position(line: l, column: c) }
                return pos
            }
            guard let slash = p.lastIndex(of: "/") else { return nil }
            p = String(p[..<slash])
        }
    }

    /// Bytes looked at to count the columns of every value of `bytes`: the cost of a walk, which
    /// tests hold to the length of the text.
    static func columnWork(_ bytes: [UInt8]) -> Int {
        var walker = Walker(bytes: bytes)
        walker.value(pointer: "", key: nil)
        return walker.columnBytes
    }

    /// Escapes a key for use in a JSON Pointer.
    public static func escape(_ key: String) -> String {
        // Most keys have neither character: they are returned as they are, without Foundation's
        // search (which was a noticeable part of loading a pipeline of a thousand charts).
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        // By scalar, not by character: "~" or "/" followed by a combining mark is one character.
        var out = String.UnicodeScalarView()
        for c in key.unicodeScalars {
            switch c {
            case "~": out.append(contentsOf: "~0".unicodeScalars)
            case "/": out.append(contentsOf: "~1".unicodeScalars)
            default: out.append(c)
            }
        }
        return String(out)
    }

    private struct Walker {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0
        var positions: [String: Position] = [:]
        /// The column at byte `countedTo` of the current line: each column is counted on from the
        /// one before, since the walk only goes forward. Counted from the line's start each time,
        /// a pipeline written on one line (as `json.dump` writes it) took time quadratic in its
        /// length: 27 s for 4,000 charts.
        var countedTo = 0
        var countedColumn = 1
        /// Bytes looked at to count columns, in all: the walk's cost, for tests.
        var columnBytes = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 BOM does not count as a column.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
        }

        /// The 1-based column of byte `i`.
        mutating func column() -> Int {
            if countedTo < lineStart { (countedTo, countedColumn) = (lineStart, 1) }
            assert(i >= countedTo, "the walk went back")
            columnBytes += i - countedTo
            // Count scalars, not bytes: continuation bytes (10xxxxxx) do not start a character.
            while countedTo < i {
                if bytes[countedTo] & 0xC0 != 0x80 { countedColumn += 1 }
                countedTo += 1
            }
            return countedColumn
        }

        mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\n"): i += 1; line += 1; lineStart = i
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): i += 1
                default: return
                }
            }
        }

        mutating func value(pointer: String, key: (Int, Int)?) {
            skipSpace()
            guard i < bytes.count else { return }
            positions[pointer] = Position(line: line, column: column(), keyLine: key?.0, keyColumn: key?.1)
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                while true {
                    skipSpace()
                    guard i < bytes.count else { return }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    let at = (line, column())
                    let name = string()
                    skipSpace()
                    if i < bytes.count, bytes[i] == UInt8(ascii: ":") { i += 1 }
                    value(pointer: pointer + "/" + JSONLocator.escape(name), key: at)
                }
            case UInt8(ascii: "["):
                i += 1
                var index = 0
                while true {
                    skipSpace()
                    guard i < bytes.count else { return }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    value(pointer: pointer + "/\(index)", key: nil)
                    index += 1
                }
            case UInt8(ascii: "\""):
                _ = string()
            default:
                while i < bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "),
                         UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                        return
                    default: i += 1
                    }
                }
            }
        }

        /// Reads a string literal at `i` and returns its decoded text.
        mutating func string() -> String {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return "" }
            i += 1
            var out: [UInt8] = []
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    i += 1
                    switch bytes[i] {
                    case let letter where JSONReader.escaped(letter) != nil: out.append(JSONReader.escaped(letter)!)
                    case UInt8(ascii: "u"):
                        let hex = bytes[min(i + 1, bytes.count)..<min(i + 5, bytes.count)]
                        if let v = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), let s = Unicode.Scalar(v) {
                            out.append(contentsOf: Array(String(Character(s)).utf8))
                        }
                        i += 4
                    default: out.append(bytes[i])
                    }
                    i += 1
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            i += 1
            return String(decoding: out, as: UTF8.self)
        }
    }
}
