import ChartpipeCore
import ChartpipeJSON
import Glibc

/// An open data file, shared by the readers of its chunks (`pread` needs no common file position).
final class OpenFile: @unchecked Sendable {
    let fd: Int32
    /// The size when it was opened.
    let size: Int

    init(fd: Int32, size: Int) {
        self.fd = fd
        self.size = size
    }

    deinit { close(fd) }
}

/// A data file read in fixed-size blocks into one growable buffer, so the whole file is never held.
///
/// Bytes `0..<end` of `base` are valid; `offset` is the file offset of `base[0]`. A reader keeps the
/// bytes it still needs by passing their start to `refill(keepingFrom:)`, which moves them to the front.
/// A chunk's reader starts at its first byte and reads no further than `readLimit`, which it raises
/// when it has to read on (a record that runs past the chunk).
final class FileBytes {
    let file: OpenFile
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    private(set) var end = 0
    /// File offset of `base[0]`.
    private(set) var offset = 0
    private(set) var atEOF = false
    /// Bytes asked of the OS per read.
    let blockSize: Int
    let displayPath: String
    /// File offset at which reading stops until it is raised (not the end of the file).
    var readLimit = Int.max

    /// Opens the regular file at `path`, refusing one larger than `maxBytes`.
    convenience init(path: String, displayPath: String, maxBytes: Int, blockSize: Int = 1 << 20) throws(ChartError) {
        self.init(file: try Self.openRegularFile(path, displayPath: displayPath, maxBytes: maxBytes), displayPath: displayPath,
                  from: 0, blockSize: blockSize)
    }

    /// Reads `file` from offset `start`.
    init(file: OpenFile, displayPath: String, from start: Int, blockSize: Int = 1 << 20) {
        self.file = file
        self.blockSize = blockSize
        self.displayPath = displayPath
        offset = start
        capacity = blockSize * 2
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    /// Opens `path` for reading if it is a regular file no larger than `maxBytes`.
    static func openRegularFile(_ path: String, displayPath: String, maxBytes: Int) throws(ChartError) -> OpenFile {
        let at = SourceLocation(path: displayPath)
        switch RegularFile.open(path, maxBytes: maxBytes) {
        case let .success(opened):
            return OpenFile(fd: opened.fd, size: opened.size)
        case let .failure(.unreadable(reason)):
            throw ChartError("cannot open the data file: \(reason); check the source path (resolved to '\(path)')",
                             code: .ingestUnreadable, at: at)
        case let .failure(.notRegular(kind)):
            throw ChartError("the source path is \(kind), not a regular file; chartpipe reads data from regular files, so name one (resolved to '\(path)')",
                             code: .ingestNotAFile, at: at)
        case let .failure(.tooLarge(size)):
            throw ChartError(IngestLimits.exceeded("the file has \(size) bytes, more than \(maxBytes)", option: "maxFileBytes"),
                             code: .ingestFileTooLarge, at: at)
        }
    }

    deinit {
        base.deallocate()
    }

    /// Moves `keep..<end` to the front and reads on until at least `atLeast` bytes follow `keep`
    /// (one more block when 0), or the file or `readLimit` ends. The buffer doubles when it grows, so
    /// that a reader which asks for twice what it holds reads (and copies) each byte a bounded number
    /// of times. Returns how far the kept bytes moved down; indices into the buffer shift by it.
    @discardableResult
    func refill(keepingFrom keep: Int, atLeast: Int = 0) throws(ChartError) -> Int {
        let kept = end - keep
        if keep > 0 {
            if kept > 0 { memmove(base, base + keep, kept) }
            offset += keep
            end = kept
        }
        let goal = Swift.max(atLeast, kept + 1)
        repeat {
            if capacity - end < blockSize {
                let grownCapacity = Swift.max(end + blockSize * 2, capacity * 2)
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: grownCapacity)
                grown.update(from: base, count: end)
                base.deallocate()
                base = grown
                capacity = grownCapacity
            }
            guard !atEOF else { return keep }
            let wanted = Swift.min(capacity - end, readLimit - (offset + end))
            guard wanted > 0 else { return keep }
            var got = 0
            while got == 0 {
                let n = pread(file.fd, base + end, wanted, off_t(offset + end))
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
        } while end < goal
        return keep
    }
}
