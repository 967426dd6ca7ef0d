/// Text written line by line into a buffer its owner drains: the lines joined by newlines, as
/// `[String].joined(separator: "\n")` joins them.
struct TextLines {
    private(set) var buffer: [UInt8] = []
    private var first = true

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func append(_ line: String) {
        if !first { buffer.append(0x0A) }
        first = false
        buffer.append(contentsOf: line.utf8)
    }

    mutating func append(_ lines: [String]) { for line in lines { append(line) } }

    /// Hands the buffer to `write` and empties it, when it holds at least `atLeast` bytes.
    mutating func drain(atLeast: Int = 1 << 16, _ write: ([UInt8]) throws -> Void) rethrows {
        guard buffer.count >= atLeast, !buffer.isEmpty else { return }
        try write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
