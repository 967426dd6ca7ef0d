import Foundation

/// One run at a time per output folder: an exclusive `flock` on `OUT/.chartpipe.lock`, held for the
/// whole run and released when the process ends (even by kill -9). A second run fails at once, or
/// queues behind it with `--wait`. Shards of one run hold it shared, so they run side by side (each
/// holds its own shard's lock exclusively), while a whole run or a merge waits for all of them.
public final class RunLock: Sendable {
    public static let fileName = ".chartpipe.lock"
    private let fds: [Int32]

    private init(fds: [Int32]) { self.fds = fds }

    /// The lock file of a shard.
    public static func shardFileName(_ shard: Shard) -> String { ".chartpipe.shard-\(shard.index).lock" }

    /// Takes the folder's lock: exclusive for a whole run or a merge; shared, plus the shard's own
    /// lock, for a shard. Waits when `wait`.
    public static func acquire(root: String, shard: Shard? = nil, wait: Bool) throws(ChartError) -> RunLock {
        let folder = try take(root + "/" + fileName, exclusive: shard == nil, wait: wait, root: root)
        guard let shard else { return RunLock(fds: [folder]) }
        do {
            return RunLock(fds: [folder, try take(root + "/" + shardFileName(shard), exclusive: true, wait: wait, root: root)])
        } catch {
            close(folder)
            throw error
        }
    }

    private static func take(_ path: String, exclusive: Bool, wait: Bool, root: String) throws(ChartError) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ChartError("cannot lock the output folder: \(String(cString: strerror(errno)))", code: "output.unwritable",
                             at: SourceLocation(path: root))
        }
        let mode = exclusive ? LOCK_EX : LOCK_SH
        if flock(fd, mode | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK, wait else {
                close(fd)
                throw ChartError("another chartpipe run is writing into this output folder; wait for it to finish, or pass --wait to start when it does",
                                 code: "output.locked", at: SourceLocation(path: root))
            }
            while flock(fd, mode) != 0 {
                guard errno == EINTR else {
                    close(fd)
                    throw ChartError("cannot lock the output folder: \(String(cString: strerror(errno)))", code: "output.unwritable",
                                     at: SourceLocation(path: root))
                }
            }
        }
        // The file stays empty: the folder's bytes must not depend on which process ran.
        return fd
    }

    deinit {
        for fd in fds.reversed() {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }
}
