#if canImport(Glibc)
import Glibc
#endif

/// Opening the files chartpipe reads — pipelines, catalogs, data — only when they are regular
/// files. `O_NONBLOCK` keeps `open` from waiting for a writer on a FIFO, and `fstat` refuses anything
/// but a regular file before a read could block or never end (/dev/zero). It lives in the lowest
/// module every reader depends on; each reader words its own message from the problem.
public enum RegularFile {
    public enum Problem: Error, Sendable, Equatable {
        /// `open` or `read` failed: the OS reason.
        case unreadable(String)
        /// Not a regular file: what it is ("a FIFO (named pipe)").
        case notRegular(String)
        /// Larger than the limit given: the file's size.
        case tooLarge(Int)
    }

    /// A descriptor of the regular file at `path`, in blocking mode, and its size.
    public static func open(_ path: String, maxBytes: Int? = nil) -> Result<(fd: Int32, size: Int), Problem> {
        var info = stat()
        // A socket cannot be opened at all; naming what it is says more than ENXIO.
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { return .failure(.notRegular(kind(info.st_mode))) }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return .failure(.unreadable(reason))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .failure(.notRegular(kind(info.st_mode)))
        }
        if let maxBytes, Int(info.st_size) > maxBytes {
            close(fd)
            return .failure(.tooLarge(Int(info.st_size)))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success((fd, Int(info.st_size)))
    }

    /// The whole regular file at `path`.
    public static func read(_ path: String, maxBytes: Int? = nil) -> Result<[UInt8], Problem> {
        let opened: (fd: Int32, size: Int)
        switch open(path, maxBytes: maxBytes) {
        case let .success(o): opened = o
        case let .failure(p): return .failure(p)
        }
        defer { close(opened.fd) }
        return contents(of: opened.fd, sizeHint: opened.size)
    }

    /// Everything in the file open at `fd`, read from its start whatever its offset (`pread`), to
    /// its end: for a file with no path to open anew, such as an unnamed temporary file. Fails
    /// only with `.unreadable`.
    public static func contents(of fd: Int32, sizeHint: Int = 0) -> Result<[UInt8], Problem> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sizeHint)
        var chunk = [UInt8](repeating: 0, count: max(1 << 16, sizeHint + 1))
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if n == 0 { return .success(bytes) }
            bytes += chunk[0..<n]
        }
    }

    /// What a `st_mode` that is not a regular file is, as messages name it.
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}
