/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`, with choices drawn from their first bytes.
public struct InputBytes {
    public let all: UnsafeRawBufferPointer

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        all = UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size)
    }

    public var count: Int { all.count }

    /// Byte `i`, or 0 past the end.
    public subscript(i: Int) -> UInt8 { i < all.count ? all[i] : 0 }

    /// The element of `options` that byte `i` picks.
    public func pick<T>(_ options: [T], byte i: Int) -> T { options[Int(self[i]) % options.count] }

    /// The bytes after the first `n`.
    public func dropping(_ n: Int) -> UnsafeRawBufferPointer {
        guard n < all.count, let base = all.baseAddress else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + n, count: all.count - n)
    }

    public var array: [UInt8] { Array(all) }
}
