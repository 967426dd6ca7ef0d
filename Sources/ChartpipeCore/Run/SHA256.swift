import CCrypto

/// SHA-256 (FIPS 180-4), for the manifest's artifact checksums. The toolchain has no CryptoKit on
/// Linux; libcrypto's EVP digest runs on the processor's SHA extensions where it has them, which
/// matters because a run hashes every file it writes and an incremental run every file it keeps
/// (2 GB/s against the 180 MB/s of the portable Swift version this replaced, on the same machine).
public enum SHA256 {
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

    /// A digest computed piece by piece, so that a file is hashed as it streams. A value: a copy
    /// goes on from the state it was copied in, as the original does.
    public struct Hasher: @unchecked Sendable {
        private var context: Context

        public init() { context = Context() }

        public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
            if let done: Void = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) {
                return done
            }
            Array(bytes).withUnsafeBytes { update($0) }
        }

        public mutating func update(_ buffer: UnsafeRawBufferPointer) {
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            if !isKnownUniquelyReferenced(&context) { context = context.copy() }
            guard EVP_DigestUpdate(context.pointer, base, buffer.count) == 1 else {
                fatalError("libcrypto could not update a SHA-256 digest")
            }
        }

        /// The digest of everything given so far; the hasher can go on after it.
        public func finalize() -> [UInt8] {
            let done = context.copy()
            var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            guard EVP_DigestFinal_ex(done.pointer, &out, &length) == 1, length == 32 else {
                fatalError("libcrypto could not finish a SHA-256 digest")
            }
            return Array(out.prefix(32))
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

    /// One EVP digest context, freed with its owner.
    final class Context {
        let pointer: OpaquePointer

        init() {
            guard let pointer = EVP_MD_CTX_new(), EVP_DigestInit_ex(pointer, EVP_sha256(), nil) == 1 else {
                fatalError("libcrypto has no SHA-256")
            }
            self.pointer = pointer
        }

        private init(copying other: Context) {
            guard let pointer = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(pointer, other.pointer) == 1 else {
                fatalError("libcrypto could not copy a SHA-256 digest")
            }
            self.pointer = pointer
        }

        func copy() -> Context { Context(copying: self) }

        deinit { EVP_MD_CTX_free(pointer) }
    }
}
