import Foundation

/// A plugin's working folder (its `TMPDIR`): `chartpipe-plugin-XXXXXX` in the temporary folder,
/// locked (`flock` on the folder itself) for as long as chartpipe uses it, and its modification
/// time set at each exchange and each minute of one (`markInUse`).
///
/// A run killed with SIGKILL, or stopped by a second Ctrl-C, cannot remove its folders, and the
/// lock goes with the process. So every chartpipe process that starts a plugin (a run, or
/// `validate` asking a plugin to describe itself) first removes the folders of this kind that no
/// process holds and whose time is more than `quiet` old. The age covers part of what a lock cannot
/// show: a folder on a file system where `flock` does not reach other machines (a `TMPDIR` shared
/// over NFS) is spared while its chartpipe marks it. Two cases are spared only for `quiet` after
/// the last mark: a plugin still running after its chartpipe was killed (the lock is chartpipe's,
/// not passed to the plugin, and nothing marks the folder any more), and a folder of a chartpipe
/// from before these locks, which never marks it.
struct PluginFolder: ~Copyable {
    let path: String
    /// Open on the folder, holding its lock.
    private let descriptor: Int32

    static let prefix = "chartpipe-plugin-"
    /// How long a folder nobody holds must have been unchanged to be removed.
    static let quiet: TimeInterval = 600

    /// Makes and locks a new folder in `parent`. A sweep of another process may remove the folder
    /// between its making and its locking: it is then made again.
    init(in parent: String) throws(PluginFailure) {
        for _ in 0..<8 {
            var template = Array((parent + "/" + Self.prefix + "XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }).map({ String(cString: $0) }) else {
                throw .cannotStart("cannot create its working folder: \(String(cString: strerror(errno)))")
            }
            let fd = open(made, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            var info = stat()
            guard fd >= 0, flock(fd, LOCK_EX) == 0, fstat(fd, &info) == 0 else {
                let reason = errno
                if fd >= 0 { close(fd) }
                // Gone (a sweep got there first): made again; anything else is the reason.
                if reason == ENOENT { continue }
                try? FileManager.default.removeItem(atPath: made)
                if reason == EINTR { continue }
                throw .cannotStart("cannot open and lock its working folder: \(String(cString: strerror(reason)))")
            }
            // Locked, and still the folder at that name: a sweep that locked it first removed it.
            guard info.st_nlink > 0 else {
                close(fd)
                continue
            }
            path = made
            descriptor = fd
            return
        }
        throw .cannotStart("cannot create its working folder: another process kept removing it")
    }

    /// Sets the folder's time to now: in use, for a sweep of another process.
    func markInUse() {
        _ = futimens(descriptor, nil)
    }

    /// Removes the folder, then lets its lock go.
    deinit {
        try? FileManager.default.removeItem(atPath: path)
        close(descriptor)
    }

    /// Removes the plugin folders in `parent` that no process holds and that have not changed for
    /// `quiet` seconds. Only this user's folders are looked at.
    static func sweep(in parent: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        let before = Date().timeIntervalSince1970 - quiet
        for name in names where name.hasPrefix(prefix) {
            let path = parent + "/" + name
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat(), atName = stat()
            guard fstat(fd, &info) == 0, info.st_uid == geteuid(),
                  Double(info.st_mtim.tv_sec) < before,
                  flock(fd, LOCK_EX | LOCK_NB) == 0,
                  // Held now by this process: its owner is gone. Still the folder at that name
                  // (another sweep may have removed it and a new one taken the name)?
                  fstat(fd, &info) == 0, info.st_nlink > 0,
                  lstat(path, &atName) == 0, atName.st_dev == info.st_dev, atName.st_ino == info.st_ino else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
