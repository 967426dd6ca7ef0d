import ChartpipeCore
import ChartpipeJSON
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

    /// Opens the regular file at `path`, refusing one larger than `maxBytes`.
    init(path: String, displayPath: String, maxBytes: Int, blockSize: Int = 1 << 20) throws(ChartError) {
        let fd = try Self.openRegularFile(path, displayPath: displayPath, maxBytes: maxBytes)
        self.fd = fd
        self.blockSize = blockSize
        self.displayPath = displayPath
        capacity = blockSize * 2
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    /// Opens `path` for reading if it is a regular file no larger than `maxBytes`.
    private static func openRegularFile(_ path: String, displayPath: String, maxBytes: Int) throws(ChartError) -> Int32 {
        let at = SourceLocation(path: displayPath)
        switch RegularFile.open(path, maxBytes: maxBytes) {
        case let .success(opened):
            return opened.fd
        case let .failure(.unreadable(reason)):
            throw ChartError("cannot open the data file: \(reason); check the source path (resolved to '\(path)')",
                             code: "ingest.unreadable", at: at)
        case let .failure(.notRegular(kind)):
            throw ChartError("the source path is \(kind), not a regular file; chartpipe reads data from regular files, so name one (resolved to '\(path)')",
                             code: "ingest.not-a-file", at: at)
        case let .failure(.tooLarge(size)):
            throw ChartError(IngestLimits.exceeded("the file has \(size) bytes, more than \(maxBytes)", option: "maxFileBytes"),
                             code: "ingest.file-too-large", at: at)
        }
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
