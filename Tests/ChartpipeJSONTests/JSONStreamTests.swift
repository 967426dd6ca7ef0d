import ChartpipeJSON
import ChartpipeTestSupport
import XCTest

/// `JSONStream` must write the bytes `JSONWriter` writes for the same value: the streamed files
/// (descriptions, axchart) are compared with golden files written before they were streamed.
final class JSONStreamTests: XCTestCase {
    /// Writes `value` through the stream's pieces (containers opened and closed, scalars one by one),
    /// never through `value(_:)` for a container, draining the buffer often.
    private func streamed(_ value: JSONValue, pretty: Bool, drainEvery: Int = 7) -> [UInt8] {
        var stream = JSONStream(pretty: pretty, capacity: 16)
        var out: [UInt8] = []
        func write(_ v: JSONValue) {
            switch v {
            case let .object(members):
                stream.beginObject()
                for (key, member) in members {
                    stream.key(key)
                    write(member)
                }
                stream.endObject()
            case let .array(items):
                stream.beginArray(scalars: items.allSatisfy { $0.arrayValue == nil && $0.objectValue == nil })
                for item in items { write(item) }
                stream.endArray()
            case let .string(s): stream.string(s)
            case let .int(i): stream.int(i)
            case let .double(d): stream.double(d)
            case let .bool(b): stream.bool(b)
            case .null: stream.null()
            }
            stream.drain(atLeast: drainEvery) { out += $0 }
        }
        write(value)
        stream.finish()
        stream.drain(atLeast: 0) { out += $0 }
        return out
    }

    private func randomValue(_ depth: Int, using g: inout SeededRandom) -> JSONValue {
        let pieces = ["<", "/", "!", "\"", "\\", "\n", "\t", "\u{1}", "\u{2028}", "한", "é", "😀", "a", " ", "</", "<!--"]
        func text() -> String { (0..<Int.random(in: 0...6, using: &g)).map { _ in pieces.randomElement(using: &g) ?? "" }.joined() }
        let kind = depth > 3 ? Int.random(in: 0...4, using: &g) : Int.random(in: 0...7, using: &g)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &g))
        case 2: return .int(Int.random(in: Int.min...Int.max, using: &g) >> Int.random(in: 0...63, using: &g))
        case 3:
            let doubles: [Double] = [0, -0.0, 0.1, -2.5e-7, 1e21, 1e15, 999_999_999_999_999, 12.0, .nan, .infinity, -.infinity,
                                     Double.random(in: -1e6...1e6, using: &g), Double(bitPattern: g.next())]
            return .double(doubles.randomElement(using: &g) ?? 0)
        case 4: return .string(text())
        case 5: return .array((0..<Int.random(in: 0...3, using: &g)).map { _ in randomValue(depth + 1, using: &g) })
        case 6:
            // Arrays of scalars only: written on one line.
            return .array((0..<Int.random(in: 0...4, using: &g)).map { _ in randomValue(4, using: &g) })
        default:
            return .object((0..<Int.random(in: 0...4, using: &g)).map { _ in (text(), randomValue(depth + 1, using: &g)) })
        }
    }

    func testStreamWritesWhatTheWriterWritesForRandomValues() {
        var g = SeededRandom(seed: 0x5EED_1234)
        for round in 0..<3000 {
            let v = randomValue(0, using: &g)
            for pretty in [true, false] {
                let expected = JSONWriter(pretty: pretty).bytes(v)
                XCTAssertEqual(String(decoding: streamed(v, pretty: pretty), as: UTF8.self), String(decoding: expected, as: UTF8.self),
                               "round \(round), pretty \(pretty)")
            }
        }
    }

    func testNestedEmptiesAndWholeValuesAtDepth() {
        let v: JSONValue = .object([("a", .array([])), ("b", .object([])), ("c", .array([.array([]), .object([]), .array([.array([])])])),
                                    ("d", .object([("e", .object([("f", .array([1, .double(2.5), "x"]))]))]))])
        for pretty in [true, false] {
            XCTAssertEqual(streamed(v, pretty: pretty), JSONWriter(pretty: pretty).bytes(v))
            // A subtree handed over whole is written at the depth it lands on.
            var stream = JSONStream(pretty: pretty)
            stream.beginObject()
            for (key, member) in v.objectValue ?? [] { stream.member(key, member) }
            stream.endObject()
            stream.finish()
            XCTAssertEqual(stream.buffer, JSONWriter(pretty: pretty).bytes(v))
        }
    }

    func testDrainHandsOverOnlyPastTheThreshold() {
        var stream = JSONStream()
        stream.beginArray(scalars: true)
        stream.int(1)
        var drained: [[UInt8]] = []
        stream.drain(atLeast: 100) { drained.append($0) }
        XCTAssertTrue(drained.isEmpty)
        stream.drain(atLeast: 2) { drained.append($0) }
        XCTAssertEqual(drained, [Array("[1".utf8)])
        XCTAssertTrue(stream.buffer.isEmpty)
        stream.int(2)
        stream.endArray()
        stream.finish()
        XCTAssertEqual(stream.buffer, Array(", 2]\n".utf8))
    }

    /// An array's items written in pieces, each a continuation begun before the pieces before it
    /// were joined (as threads write them), then joined in order: the bytes of writing them in one
    /// stream, for arrays of containers and of scalars, at depth, pretty and compact.
    func testContinuationsJoinedInOrderWriteWhatOneStreamWrites() {
        var g = SeededRandom(seed: 0xC0_0717)
        for round in 0..<500 {
            let containers = round % 2 == 0
            let items: [JSONValue] = (0..<Int.random(in: 0...12, using: &g)).map { _ in
                containers ? .object([("k", randomValue(3, using: &g))]) : randomValue(4, using: &g)
            }
            let value: JSONValue = .object([("before", 1), ("items", .array(items)), ("after", "end")])
            for pretty in [true, false] {
                var stream = JSONStream(pretty: pretty, capacity: 16)
                stream.beginObject()
                stream.member("before", 1)
                stream.key("items")
                stream.beginArray(scalars: !containers)
                // Cuts at random places, the pieces all begun from the state before the first.
                var cuts = [0, items.count]
                for _ in 0..<Int.random(in: 0...3, using: &g) { cuts.append(Int.random(in: 0...items.count, using: &g)) }
                cuts.sort()
                let base = stream
                let pieces = zip(cuts, cuts.dropFirst()).map { start, end -> JSONStream in
                    var piece = base.continuation(after: start, containers: containers)
                    for item in items[start..<end] { piece.value(item) }
                    return piece
                }
                for piece in pieces { stream.append(piece) }
                stream.endArray()
                stream.member("after", "end")
                stream.endObject()
                stream.finish()
                XCTAssertEqual(String(decoding: stream.buffer, as: UTF8.self), String(decoding: JSONWriter(pretty: pretty).bytes(value), as: UTF8.self),
                               "round \(round), pretty \(pretty), cuts \(cuts)")
            }
        }
    }
}
