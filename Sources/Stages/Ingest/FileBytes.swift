import ChartpipeCore
import Glibc

/// A data file read in fixed-size blocks into one growable buffer, so the whole file is never held.
///
/// Bytes `0..<end` of `base` are valid; `offset` is the file offset of `base[0]`. A reader keeps the
/// bytes it still needs by passing their start to `refill(keepingFrom:)`, which moves them to the front.
final class FileBytes {
    private let fd: Int32
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    private(set) var end = 0
    /// File offset of `base[0]`.
    private(set) var offset = 0
    private(set) var atEOF = false
    /// Bytes asked of the OS per read.
    let blockSize: Int
    let displayPath: String

    init(path: String, displayPath: String, blockSize: Int = 1 << 20) throws(ChartError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw ChartError("cannot open the data file: \(reason); check the source path (resolved to '\(path)')",
                             at: SourceLocation(path: displayPath))
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw ChartError("the source path is a folder, not a data file; name a file (resolved to '\(path)')",
                             at: SourceLocation(path: displayPath))
        }
        self.fd = fd
        self.blockSize = blockSize
        self.displayPath = displayPath
        capacity = blockSize * 2
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        close(fd)
        base.deallocate()
    }

    /// Moves `keep..<end` to the front and reads one more block (growing the buffer when the kept
    /// bytes fill it). Returns how far the kept bytes moved down; indices into the buffer shift by it.
    @discardableResult
    func refill(keepingFrom keep: Int) throws(ChartError) -> Int {
        let kept = end - keep
        if keep > 0 {
            if kept > 0 { memmove(base, base + keep, kept) }
            offset += keep
            end = kept
        }
        if capacity - end < blockSize {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: end + blockSize * 2)
            grown.update(from: base, count: end)
            base.deallocate()
            base = grown
            capacity = end + blockSize * 2
        }
        guard !atEOF else { return keep }
        var got = 0
        while got == 0 {
            let n = read(fd, base + end, blockSize)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw ChartError("cannot read the data file: \(reason)",
                                 at: SourceLocation(path: displayPath))
            }
            if n == 0 { atEOF = true; break }
            got = n
        }
        end += got
        return keep
    }
}
