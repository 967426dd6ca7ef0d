import Foundation

/// Which file a path led to, and when it last changed: equal identities are taken to mean the
/// same bytes. The change time (`st_ctime`) is set by the kernel on every write, rename or
/// `touch`, and a program cannot choose it, so a file rewritten and given its old modification
/// time back still has a new identity — except a rewrite in the same tick of the file system's
/// clock, or on file systems that keep no change time (see docs/output.md, the run cache).
struct FileIdentity: Sendable, Equatable {
    let device: UInt64, inode: UInt64, size: Int64
    let modified: Int64, changed: Int64
    let sha256: String

    init(_ info: stat, sha256: String) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec)
        self.sha256 = sha256
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64, sha256: String) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
        self.sha256 = sha256
    }

    func same(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode && size == other.size && modified == other.modified
            && changed == other.changed
    }
}
