import Foundation

/// One run at a time per output folder: an exclusive `flock` on `OUT/.chartpipe.lock`, held for the
/// whole run and released when the process ends (even by kill -9). A second run fails at once
/// naming the first, or queues behind it with `--wait`.
public final class RunLock: Sendable {
    public static let fileName = ".chartpipe.lock"
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    /// Takes the lock of the folder `root`, waiting for it when `wait`.
    public static func acquire(root: String, wait: Bool) throws(ChartError) -> RunLock {
        let path = root + "/" + fileName
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ChartError("cannot lock the output folder: \(String(cString: strerror(errno)))", code: "output.unwritable",
                             at: SourceLocation(path: root))
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK, wait else {
                close(fd)
                throw ChartError("another chartpipe run is writing into this output folder; wait for it to finish, or pass --wait to start when it does",
                                 code: "output.locked", at: SourceLocation(path: root))
            }
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(fd)
                    throw ChartError("cannot lock the output folder: \(String(cString: strerror(errno)))", code: "output.unwritable",
                                     at: SourceLocation(path: root))
                }
            }
        }
        // The file stays empty: the folder's bytes must not depend on which process ran.
        return RunLock(fd: fd)
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// The files a run has renamed into place, one path per line in `OUT/.chartpipe-journal`, appended
/// as they land and removed when the run's manifest is written. A journal left behind means a run
/// ended before its manifest (kill -9, power loss, a full disk): the next run knows exactly which
/// files chartpipe wrote and checks or removes them.
public final class RunJournal: Sendable {
    public static let fileName = ".chartpipe-journal"
    private let fd: Int32
    private let path: String

    /// The paths a journal left in `root` lists (empty when there is none).
    public static func leftOver(in root: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: root + "/" + fileName) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Starts a new journal in `root`.
    public init(root: String) throws(ChartError) {
        path = root + "/" + Self.fileName
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ArtifactWriter.failure(errno, "cannot start the run's journal", path)
        }
    }

    /// Notes a path (relative to the output folder) that is now on disk under its final name.
    public func append(_ relativePath: String) {
        let line = Array((relativePath + "\n").utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The run's manifest is written: nothing is uncertain any more.
    public func finish() {
        close(fd)
        unlink(path)
    }
}
