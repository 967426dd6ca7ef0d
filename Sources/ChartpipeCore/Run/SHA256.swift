/// SHA-256 (FIPS 180-4), for the manifest's artifact checksums. The toolchain has no CryptoKit on
/// Linux. Blocks are compressed straight from the caller's bytes, with the state and the message
/// schedule in fixed storage, so hashing runs at memory speed rather than allocation speed: a run
/// verifies every kept file by hash.
public struct SHA256: Sendable {
    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    /// The 32-byte digest of `bytes`.
    public static func digest<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// A digest computed piece by piece, so that a file is hashed as it streams.
    public struct Hasher: Sendable {
        private var state = State()
        /// Bytes of an unfinished block.
        private var pending: [UInt8] = []
        private var length: UInt64 = 0

        public init() { pending.reserveCapacity(64) }

        public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
            if let done: Void = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) {
                return done
            }
            Array(bytes).withUnsafeBytes { update($0) }
        }

        public mutating func update(_ buffer: UnsafeRawBufferPointer) {
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            length &+= UInt64(buffer.count)
            var i = 0
            if !pending.isEmpty {
                let take = Swift.min(64 - pending.count, buffer.count)
                pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
                i = take
                guard pending.count == 64 else { return }
                pending.withUnsafeBytes { if let block = $0.baseAddress { state.compress(block) } }
                pending.removeAll(keepingCapacity: true)
            }
            while i + 64 <= buffer.count {
                state.compress(base + i)
                i += 64
            }
            if i < buffer.count { pending.append(contentsOf: UnsafeRawBufferPointer(start: base + i, count: buffer.count - i)) }
        }

        public func finalize() -> [UInt8] {
            var state = self.state
            var tail = pending
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            let bits = length &* 8
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
            tail.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                for chunk in stride(from: 0, to: raw.count, by: 64) { state.compress(base + chunk) }
            }
            return state.bytes
        }

        public func finalizeHex() -> String {
            let digits = Array("0123456789abcdef".utf8)
            var out: [UInt8] = []
            out.reserveCapacity(64)
            for b in finalize() {
                out.append(digits[Int(b >> 4)])
                out.append(digits[Int(b & 0x0F)])
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The eight working words, as a fixed-size value (no heap per block).
    struct State: Sendable {
        var a: UInt32 = 0x6a09e667, b: UInt32 = 0xbb67ae85, c: UInt32 = 0x3c6ef372, d: UInt32 = 0xa54ff53a
        var e: UInt32 = 0x510e527f, f: UInt32 = 0x9b05688c, g: UInt32 = 0x1f83d9ab, h: UInt32 = 0x5be0cd19

        var bytes: [UInt8] {
            [a, b, c, d, e, f, g, h].flatMap { v in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> UInt32($0)) } }
        }

        /// One 64-byte block of FIPS 180-4's compression function.
        mutating func compress(_ block: UnsafeRawPointer) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for t in 0..<16 {
                    w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
                }
                for t in 16..<64 {
                    let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                    let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                    w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h)
                SHA256.k.withUnsafeBufferPointer { k in
                    for t in 0..<64 {
                        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let ch = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ ch &+ k[t] &+ w[t]
                        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let maj = (a & b) ^ (a & c) ^ (b & c)
                        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ maj)
                    }
                }
                self.a &+= a; self.b &+= b; self.c &+= c; self.d &+= d
                self.e &+= e; self.f &+= f; self.g &+= g; self.h &+= h
            }
        }

        @inline(__always)
        private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
    }

    static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}
