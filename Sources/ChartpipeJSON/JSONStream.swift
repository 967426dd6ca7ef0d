/// Writes JSON piece by piece into a buffer that its owner drains as it grows, so that a document of
/// a million points never stands as a `JSONValue` tree or whole in memory. The bytes are those
/// `JSONWriter` writes for the same value, pretty or compact.
///
/// `JSONWriter` writes an array on one line when every item is a scalar; a stream cannot look
/// ahead, so `beginArray(scalars:)` is told, and a container written into a one-line array traps.
public struct JSONStream: Sendable {
    public let pretty: Bool
    /// What was written and not yet taken (`drain`).
    public private(set) var buffer: [UInt8] = []
    private var open: [Container] = []
    /// An object's key was written and its value is next.
    private var keyed = false

    private struct Container: Sendable {
        var isObject: Bool
        /// An array on one line (all items scalars, or compact output).
        var flat: Bool
        var count = 0
        /// An item was an array or an object (a pretty array begun with `scalars: false` needs one).
        var holdsContainer = false
    }

    public init(pretty: Bool = true, capacity: Int = 1 << 16) {
        self.pretty = pretty
        buffer.reserveCapacity(capacity)
    }

    /// How deep the next value is: its indentation.
    private var depth: Int { open.count }

    // MARK: containers

    public mutating func beginObject() {
        beforeValue(container: true)
        buffer.append(UInt8(ascii: "{"))
        open.append(Container(isObject: true, flat: false))
    }

    /// The key of the next member of the object being written.
    public mutating func key(_ name: String) {
        precondition(open.last?.isObject == true && !keyed, "a key belongs in an object, before its value")
        if open[open.count - 1].count > 0 { buffer.append(UInt8(ascii: ",")) }
        open[open.count - 1].count += 1
        if pretty { newline(depth) }
        JSONWriter.quote(name, into: &buffer)
        // Byte by byte: an array literal here was an allocation per key.
        buffer.append(UInt8(ascii: ":"))
        if pretty { buffer.append(UInt8(ascii: " ")) }
        keyed = true
    }

    public mutating func endObject() {
        guard let last = open.popLast(), last.isObject, !keyed else { preconditionFailure("no object to end") }
        if last.count == 0 { buffer.append(UInt8(ascii: "}")); return }
        if pretty { newline(depth) }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Starts an array; `scalars`: every item will be a scalar (pretty output then keeps it on one line).
    public mutating func beginArray(scalars: Bool) {
        beforeValue(container: true)
        buffer.append(UInt8(ascii: "["))
        open.append(Container(isObject: false, flat: scalars || !pretty))
    }

    public mutating func endArray() {
        guard let last = open.popLast(), !last.isObject else { preconditionFailure("no array to end") }
        precondition(!pretty || last.flat || last.count == 0 || last.holdsContainer,
                     "an array of scalars begun with scalars: false (JSONWriter writes it on one line)")
        if last.count > 0, !last.flat { newline(depth) }
        buffer.append(UInt8(ascii: "]"))
    }

    // MARK: values

    /// Any value, written as `JSONWriter` writes it at this depth.
    public mutating func value(_ value: JSONValue) {
        switch value {
        // A scalar straight into the buffer (a point's x is one), a container through the writer.
        case let .double(d): double(d)
        case let .int(i): int(i)
        case let .string(s): string(s)
        default:
            beforeValue(container: !value.isScalar)
            JSONWriter(pretty: pretty).write(value, indent: depth, into: &buffer, poll: {})
        }
    }

    public mutating func string(_ s: String) {
        beforeValue(container: false)
        JSONWriter.quote(s, into: &buffer)
    }

    public mutating func int(_ i: Int) {
        beforeValue(container: false)
        JSONWriter.decimal(i, into: &buffer)
    }

    /// A number (non-finite: `null`), as `JSONWriter` writes `.double`.
    public mutating func double(_ d: Double) {
        beforeValue(container: false)
        JSONWriter.number(d, into: &buffer)
    }

    public mutating func bool(_ b: Bool) {
        beforeValue(container: false)
        buffer.append(contentsOf: (b ? "true" : "false").utf8)
    }

    public mutating func null() {
        beforeValue(container: false)
        buffer.append(contentsOf: "null".utf8)
    }

    /// `key(name)` then `value(v)`.
    public mutating func member(_ name: String, _ v: JSONValue) {
        key(name)
        value(v)
    }

    /// Ends the document: the newline `JSONWriter` ends pretty output with.
    public mutating func finish() {
        precondition(open.isEmpty && !keyed, "a container is still open")
        if pretty { buffer.append(0x0A) }
    }

    /// Hands what the buffer holds to `write` and empties it, when it holds at least `atLeast`
    /// bytes (0: always).
    public mutating func drain<E: Error>(atLeast: Int = 1 << 16, _ write: ([UInt8]) throws(E) -> Void) throws(E) {
        guard buffer.count >= atLeast, !buffer.isEmpty else { return }
        try write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: pieces written apart

    /// A stream in this one's state with an empty buffer of `capacity` bytes, as if `items` more items had been
    /// written into the array being written (arrays or objects when `containers`): what it is
    /// given continues this stream's bytes after those items. Pieces of one long array can so be
    /// written on several threads at once and joined in order (`append(_:)`).
    public func continuation(after items: Int, containers: Bool, capacity: Int = 1 << 16) -> JSONStream {
        precondition(open.last?.isObject == false && !keyed, "a continuation goes on in an array")
        var next = JSONStream(pretty: pretty, capacity: capacity)
        next.open = open
        next.open[open.count - 1].count += items
        if containers && items > 0 { next.open[open.count - 1].holdsContainer = true }
        return next
    }

    /// Appends `next`, a continuation of this stream as it now stands, and takes its state.
    public mutating func append(_ next: JSONStream) {
        precondition(next.pretty == pretty && next.open.count == open.count, "not a continuation of this stream")
        buffer.append(contentsOf: next.buffer)
        open = next.open
        keyed = next.keyed
    }

    // MARK: layout

    private mutating func beforeValue(container: Bool) {
        if keyed { keyed = false; return }
        guard let last = open.last else { return }
        precondition(!last.isObject, "an object's member needs its key first")
        precondition(!(pretty && last.flat && container), "a container in an array begun with scalars: true")
        if last.count > 0 {
            buffer.append(UInt8(ascii: ","))
            if last.flat && pretty { buffer.append(UInt8(ascii: " ")) }
        }
        if !last.flat { newline(depth) }
        open[open.count - 1].count += 1
        if container { open[open.count - 1].holdsContainer = true }
    }

    private mutating func newline(_ indent: Int) {
        buffer.append(0x0A)
        for _ in 0..<(2 * indent) { buffer.append(UInt8(ascii: " ")) }
    }
}
