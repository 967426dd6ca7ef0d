#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Rewrites the pages of an Ogg stream (RFC 3533): libsndfile seeds each stream's serial number
/// from the clock, so a fixed serial is what makes Ogg output byte-identical across runs.
enum OggPages {
    /// Bytes of a page header before its segment table (RFC 3533 §6).
    static let headerLength = 27

    /// `bytes` with every page's serial number set to `serial` and its checksum recomputed.
    /// Bytes that do not parse as Ogg pages are returned unchanged from that point on.
    static func settingSerial(_ serial: UInt32, in bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var page = 0
        while let length = pageLength(out[page...]), page + length <= out.count {
            stamp(&out[page..<(page + length)], serial: serial)
            page += length
        }
        return out
    }

    /// The same for the file open at `fileDescriptor`, page by page, so the stream is never held whole.
    static func settingSerial(_ serial: UInt32, inFile fileDescriptor: Int32) throws(SoundFileError) {
        var offset = 0
        var page = [UInt8](repeating: 0, count: headerLength + 255 + 255 * 255)
        while true {
            let head = try read(fileDescriptor, into: &page, count: headerLength + 255, at: offset)
            guard let length = pageLength(page[0..<head]) else { return }
            guard try read(fileDescriptor, into: &page, count: length, at: offset) == length else { return }
            stamp(&page[0..<length], serial: serial)
            // Bytes 14 to 25 hold the serial number, the page sequence and the checksum.
            let written = page.withUnsafeBytes { raw in
                raw.baseAddress.map { pwrite(fileDescriptor, $0 + 14, 12, off_t(offset + 14)) } ?? -1
            }
            guard written == 12 else { throw SoundFileError("cannot write the Ogg page at byte \(offset): " + String(cString: strerror(errno))) }
            offset += length
        }
    }

    /// The length of the page at the start of `bytes`, or nil when no whole page header is there.
    private static func pageLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        let start = bytes.startIndex
        guard bytes.count >= headerLength, bytes[start] == 0x4F, bytes[start + 1] == 0x67, bytes[start + 2] == 0x67,
              bytes[start + 3] == 0x53 else { return nil }
        let segments = Int(bytes[start + 26])
        guard bytes.count >= headerLength + segments else { return nil }
        var body = 0
        for i in 0..<segments { body += Int(bytes[start + headerLength + i]) }
        return headerLength + segments + body
    }

    /// Sets the serial number of one whole page and recomputes its checksum.
    private static func stamp(_ page: inout ArraySlice<UInt8>, serial: UInt32) {
        let start = page.startIndex
        for i in 0..<4 {
            page[start + 14 + i] = UInt8(truncatingIfNeeded: serial >> (8 * UInt32(i)))
            page[start + 22 + i] = 0
        }
        let crc = checksum(page)
        for i in 0..<4 { page[start + 22 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
    }

    /// Reads up to `count` bytes at `offset` into the start of `buffer`; returns how many were read.
    private static func read(_ fd: Int32, into buffer: inout [UInt8], count: Int, at offset: Int) throws(SoundFileError) -> Int {
        var got = 0
        while got < count {
            let n = buffer.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { pread(fd, $0 + got, count - got, off_t(offset + got)) } ?? -1
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw SoundFileError("cannot read back the Ogg stream: " + String(cString: strerror(errno)))
            }
            if n == 0 { break }
            got += n
        }
        return got
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
