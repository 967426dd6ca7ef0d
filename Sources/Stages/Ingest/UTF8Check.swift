/// Streaming UTF-8 validation (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF),
/// fed block by block, with an ASCII fast path eight bytes at a time.
struct UTF8Check {
    /// Continuation bytes still expected by the current sequence.
    private var need = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    /// Absolute offset of the lead byte of the current sequence.
    private(set) var sequenceStart = 0

    /// True when no multi-byte sequence is left open (the input may end here).
    var isComplete: Bool { need == 0 }

    /// Checks `p[from..<to]`, where `p[0]` is at absolute offset `offset`. Returns the buffer index of
    /// the first byte that cannot be UTF-8 (or of the lead byte of a broken sequence), or nil.
    mutating func scan(_ p: UnsafePointer<UInt8>, from: Int, to: Int, offset: Int) -> Int? {
        var i = from
        while i < to {
            if need == 0 {
                // Skip ASCII a word at a time: most data files are almost all ASCII.
                while i + 8 <= to {
                    let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 != 0 { break }
                    i += 8
                }
                guard i < to else { break }
                let b = p[i]
                if b < 0x80 { i += 1; continue }
                sequenceStart = offset + i
                switch b {
                case 0xC2...0xDF: need = 1; lower = 0x80; upper = 0xBF
                case 0xE0: need = 2; lower = 0xA0; upper = 0xBF
                case 0xE1...0xEC, 0xEE...0xEF: need = 2; lower = 0x80; upper = 0xBF
                case 0xED: need = 2; lower = 0x80; upper = 0x9F
                case 0xF0: need = 3; lower = 0x90; upper = 0xBF
                case 0xF1...0xF3: need = 3; lower = 0x80; upper = 0xBF
                case 0xF4: need = 3; lower = 0x80; upper = 0x8F
                default: return i
                }
                i += 1
            } else {
                let b = p[i]
                guard b >= lower, b <= upper else { return max(from, sequenceStart - offset) }
                lower = 0x80; upper = 0xBF
                need -= 1
                i += 1
            }
        }
        return nil
    }
}
