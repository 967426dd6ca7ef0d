import Foundation

/// A plugin's working folder (its `TMPDIR`): `chartpipe-plugin-XXXXXX` in the temporary folder,
/// locked (`flock` on the folder itself) for as long as chartpipe uses it. A run killed with
/// SIGKILL cannot remove its folders, and the lock goes with the process; so the first plugin a
/// chartpipe process starts removes the folders of this kind that nobody holds. Folders changed in
/// the last `Self.quiet` are left too, whoever made them: a chartpipe from before these locks holds
/// none, and its folders are spared while they are in use.
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
            if fd >= 0 {
                var info = stat()
                // Locked, and still the folder at that name (a sweep that got there first removed it).
                if flock(fd, LOCK_EX) == 0, fstat(fd, &info) == 0, info.st_nlink > 0 {
                    path = made
                    descriptor = fd
                    return
                }
                close(fd)
            }
            try? FileManager.default.removeItem(atPath: made)
        }
        throw .cannotStart("cannot create its working folder: another process kept removing it")
    }

    /// Removes the folder, then lets its lock go.
    deinit {
        try? FileManager.default.removeItem(atPath: path)
        close(descriptor)
    }

    /// Removes the plugin folders in `parent` that no process holds and that have not changed for
    /// `quiet` seconds before `now`; returns how many. Only this user's folders are looked at.
    @discardableResult
    static func sweep(in parent: String, now: Date = Date(), quiet: TimeInterval = quiet) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) {
            let path = parent + "/" + name
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_uid == geteuid(),
                  Double(info.st_mtim.tv_sec) < now.timeIntervalSince1970 - quiet,
                  flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            // Held now by this process: the owner that made it is gone.
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
        }
        return removed
    }
}
