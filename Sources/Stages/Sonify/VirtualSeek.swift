#if canImport(Glibc)
import Glibc
#endif

/// The seek of libsndfile's virtual I/O, shared by the files it writes through (`MemoryFile`,
/// `DescriptorFile`): the position `offset` from the start, the current position or the end, or
/// nil before the start.
enum VirtualSeek {
    static func target(_ offset: Int, whence: Int32, position: Int, end: () -> Int?) -> Int? {
        let base: Int
        switch whence {
        case SEEK_CUR: base = position
        case SEEK_END:
            guard let end = end() else { return nil }
            base = end
        default: base = 0
        }
        let target = base + offset
        return target >= 0 ? target : nil
    }
}
