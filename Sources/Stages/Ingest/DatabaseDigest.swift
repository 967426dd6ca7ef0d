import ChartpipeCore

/// A SHA-256 of a result as it streams: every value with its type tag and length, row by row, so
/// that the same rows give the same digest and any changed value, NULL or row count another.
struct DatabaseDigest {
    private var hasher = SHA256.Hasher()
    private var buffer: [UInt8] = []
    private(set) var hex: String?

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func add(_ value: DatabaseValue) {
        switch value {
        case .null: buffer.append(0)
        case let .integer(n): buffer.append(1); withUnsafeBytes(of: n.littleEndian) { buffer.append(contentsOf: $0) }
        case let .real(d): buffer.append(2); withUnsafeBytes(of: d.bitPattern.littleEndian) { buffer.append(contentsOf: $0) }
        case let .decimal(p, n): bytes(3, p, n)
        case let .text(p, n): bytes(4, p, n)
        case let .time(t): buffer.append(5); withUnsafeBytes(of: t.bitPattern.littleEndian) { buffer.append(contentsOf: $0) }
        case let .wallClock(p, n): bytes(7, p, n)
        case let .other(type): var t = type; t.withUTF8 { bytes(6, $0.baseAddress, $0.count) }
        }
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func endRow() { buffer.append(0xFF) }

    mutating func finish() {
        flush()
        hex = hasher.finalizeHex()
    }

    private mutating func bytes(_ tag: UInt8, _ p: UnsafePointer<UInt8>?, _ n: Int) {
        buffer.append(tag)
        withUnsafeBytes(of: UInt64(n).littleEndian) { buffer.append(contentsOf: $0) }
        if let p { buffer.append(contentsOf: UnsafeBufferPointer(start: p, count: n)) }
    }

    private mutating func flush() {
        hasher.update(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
