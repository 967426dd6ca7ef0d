import Foundation

/// One run at a time per output folder: an exclusive `flock` on `OUT/.chartpipe.lock`, held for the
/// whole run and released when the process ends (even by kill -9). A second run fails at once, or
/// queues behind it with `--wait`. Shards of one run hold it shared, so they run side by side (each
/// holds its own shard's lock exclusively), while a whole run or a merge waits for all of them.
public final class RunLock: Sendable {
    public static let fileName = ".chartpipe.lock"
    private let fds: [Int32]
    /// The lock files this lock created (by path, with their descriptors), removed by `discardCreated`.
    private let created: [(path: String, fd: Int32)]

    private init(_ taken: [(fd: Int32, path: String, created: Bool)]) {
        fds = taken.map(\.fd)
        created = taken.filter(\.created).map { ($0.path, $0.fd) }
    }

    /// The lock file of a shard.
    public static func shardFileName(_ shard: Shard) -> String { ".chartpipe.shard-\(shard.index).lock" }

    /// Takes the folder's lock: exclusive for a whole run or a merge; shared, plus the shard's own
    /// lock, for a shard. Waits when `wait`.
    public static func acquire(root: String, shard: Shard? = nil, wait: Bool) throws(ChartError) -> RunLock {
        let folderPath = root + "/" + fileName
        let folder = try take(folderPath, exclusive: shard == nil, wait: wait, root: root)
        guard let shard else { return RunLock([(folder.fd, folderPath, folder.created)]) }
        do {
            let shardPath = root + "/" + shardFileName(shard)
            let own = try take(shardPath, exclusive: true, wait: wait, root: root)
            return RunLock([(folder.fd, folderPath, folder.created), (own.fd, shardPath, own.created)])
        } catch {
            close(folder.fd)
            throw error
        }
    }

    /// Removes the lock files this lock created, for a run refused before it wrote anything, so
    /// that it leaves nothing behind. A file another process may hold (a shared lock) stays.
    public func discardCreated() {
        for (path, fd) in created where flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
    }

    private static func take(_ path: String, exclusive: Bool, wait: Bool, root: String) throws(ChartError) -> (fd: Int32, created: Bool) {
        while true {
            let (fd, created) = try lock(path, exclusive: exclusive, wait: wait, root: root)
            // A refused run may have removed the file while this one waited for it: lock the one in place.
            var held = stat()
            var there = stat()
            if fstat(fd, &held) == 0, stat(path, &there) != 0 || held.st_ino != there.st_ino || held.st_dev != there.st_dev {
                close(fd)
                continue
            }
            return (fd, created)
        }
    }

    private static func lock(_ path: String, exclusive: Bool, wait: Bool, root: String) throws(ChartError) -> (Int32, Bool) {
        var created = true
        var fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST {
            created = false
            fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            throw ChartError("cannot lock the output folder: \(String(cString: strerror(errno)))", code: .outputUnwritable,
                             at: SourceLocation(path: root))
        }
        let mode = exclusive ? LOCK_EX : LOCK_SH
        if flock(fd, mode | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK, wait else {
                close(fd)
                throw ChartError("another chartpipe run is writing into this output folder; wait for it to finish, or pass --wait to start when it does",
                                 code: .outputLocked, at: SourceLocation(path: root))
            }
            while flock(fd, mode) != 0 {
                guard errno == EINTR else {
                    close(fd)
                    throw ChartError("cannot lock the output folder: \(String(cString: strerror(errno)))", code: .outputUnwritable,
                                     at: SourceLocation(path: root))
                }
            }
        }
        // The file stays empty: the folder's bytes must not depend on which process ran.
        return (fd, created)
    }

    deinit {
        for fd in fds.reversed() {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }
}
