/// Rewrites the pages of an Ogg stream (RFC 3533): libsndfile seeds each stream's serial number
/// from the clock, so a fixed serial is what makes Ogg output byte-identical across runs.
enum OggPages {
    /// `bytes` with every page's serial number set to `serial` and its checksum recomputed.
    /// Bytes that do not parse as Ogg pages are returned unchanged from that point on.
    static func settingSerial(_ serial: UInt32, in bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var page = 0
        while page + 27 <= out.count, out[page] == 0x4F, out[page + 1] == 0x67, out[page + 2] == 0x67, out[page + 3] == 0x53 {
            let segments = Int(out[page + 26])
            guard page + 27 + segments <= out.count else { break }
            var bodyLength = 0
            for i in 0..<segments { bodyLength += Int(out[page + 27 + i]) }
            let end = page + 27 + segments + bodyLength
            guard end <= out.count else { break }
            for i in 0..<4 {
                out[page + 14 + i] = UInt8(truncatingIfNeeded: serial >> (8 * UInt32(i)))
                out[page + 22 + i] = 0
            }
            let crc = checksum(out[page..<end])
            for i in 0..<4 { out[page + 22 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
            page = end
        }
        return out
    }

    /// The Ogg page checksum: CRC-32, polynomial 0x04C11DB7, initial 0, not reflected (RFC 3533 §6).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0
        for byte in bytes {
            crc = (crc << 8) ^ table[Int(((crc >> 24) ^ UInt32(byte)) & 0xFF)]
        }
        return crc
    }

    private static let table: [UInt32] = (0..<256).map { (index: Int) -> UInt32 in
        var r = UInt32(index) << 24
        for _ in 0..<8 { r = (r & 0x8000_0000) != 0 ? (r << 1) ^ 0x04C1_1DB7 : r << 1 }
        return r
    }
}
