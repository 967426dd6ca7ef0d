import CFileSync
import ChartpipeLock
import Foundation
import Synchronization

/// The one place that writes output files. Each file goes to a temporary name in its folder, is
/// flushed and renamed into place, so a crash or a full disk never leaves a half-written file under
/// its final name. Every path is walked from the output folder one component at a time with
/// `openat` and `O_NOFOLLOW`, so no symbolic link — even one swapped in during the run — leads a
/// write, a removal or a read out of the folder. In a run, a file that is already there is
/// replaced only when chartpipe wrote it (an earlier manifest lists it, or this run wrote it).
public final class ArtifactWriter: Sendable {
    /// Which existing files a write may replace.
    public enum Replacing: Sendable {
        /// Any (a single file the user named, such as a catalog that `strings import` rewrites).
        case any
        /// Only these paths (relative to the output folder) and those written since.
        case listed(Set<String>)
    }

    /// Absolute output folder.
    public let root: String
    private let owned: Locked<Set<String>?>
    /// Files whose bytes this writer wrote or hashed, by path: the file's identity then and its
    /// SHA-256. A later read of a file with the same identity needs no second hash (see `checked`).
    private let hashed = Locked<[String: FileIdentity]>([:])
    /// Files a removal left in place (other than gone already): listed as leftovers until removed.
    private let unremoved = Locked<Set<String>>([])
    /// Called with each path just before it is renamed into place (the run's journal).
    private let onWrite: (@Sendable (String) -> Void)?
    /// Room set aside for a file written later (the run's final manifest), by path: its temporary
    /// file, open and allocated, which the write of that path fills and renames into place.
    private let reserved = Locked<[String: Int32]>([:])

    public init(root: String, replacing: Replacing = .any, onWrite: (@Sendable (String) -> Void)? = nil) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        switch replacing {
        case .any: owned = Locked(nil)
        case let .listed(paths): owned = Locked(paths)
        }
        self.onWrite = onWrite
    }

    /// Lets later writes replace these paths too (files an interrupted run wrote, say).
    public func own(_ paths: some Sequence<String>) {
        owned.withLock { set in if set != nil { set?.formUnion(paths) } }
    }

    // MARK: writing

    /// Writes `bytes` at `relativePath` (below the output folder) and returns its manifest entry.
    /// `durable`: the file is flushed before it is renamed into place and its folder after (the
    /// manifest); other files are flushed once per run (`flushFileSystem`), or not (`--no-sync`).
    public func write(_ bytes: [UInt8], to relativePath: String, kind: String, locale: String?,
                      durable: Bool = false) throws(ChartError) -> ManifestArtifact {
        _ = try resolve(relativePath)
        let (folder, name) = try openParent(of: relativePath, create: true)
        defer { close(folder) }
        return try place(try prepare(.bytes(bytes), to: relativePath, in: folder, name: name, kind: kind, locale: locale),
                         in: folder, durable: durable)
    }

    /// Sets room aside on the disk for the file `relativePath` will be, at least `bytes` long: its
    /// temporary file is allocated now (`posix_fallocate`), and the next write of that path fills it
    /// instead of asking the disk for more. Called again with more bytes, it allocates the rest.
    /// A full disk fails here, before the files that would have taken the room are written.
    public func reserve(_ bytes: Int, for relativePath: String) throws(ChartError) {
        let target = try resolve(relativePath)
        var fd = reserved.withLock { $0[relativePath] }
        if fd == nil {
            let (folder, name) = try openParent(of: relativePath, create: true)
            defer { close(folder) }
            let temporary = "." + name + ".tmp-\(getpid())"
            unlinkat(folder, temporary, 0)
            let opened = openat(folder, temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard opened >= 0 else { throw Self.failure(errno, "cannot set room aside for", target) }
            reserved.withLock { $0[relativePath] = opened }
            fd = opened
        }
        guard let fd else { return }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Self.failure(errno, "cannot set room aside for", target) }
        guard bytes > Int(info.st_size) else { return }
        // The error number itself, not errno (POSIX); emulated by glibc where the file system cannot.
        let failure = posix_fallocate(fd, 0, off_t(bytes))
        if failure != 0 { throw Self.failure(failure, "cannot set room aside for", target) }
    }

    /// The room set aside for `relativePath` (see `reserve`), if any: its descriptor, no longer reserved.
    private func takeReservation(_ relativePath: String) -> Int32? {
        reserved.withLock { $0.removeValue(forKey: relativePath) }
    }

    /// Lets the room set aside for `relativePath` go, unused.
    public func releaseReservation(for relativePath: String) {
        guard let fd = takeReservation(relativePath), let (folder, name) = try? openParent(of: relativePath, create: false) else { return }
        close(fd)
        unlinkat(folder, "." + name + ".tmp-\(getpid())", 0)
        close(folder)
    }

    /// Writes every file of the output folder's file system to its disk and waits (`syncfs`): the
    /// one flush of a run, before its manifest is put in place.
    public func flushFileSystem() throws(ChartError) {
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.failure(errno, "cannot open the output folder to flush it", root) }
        defer { close(fd) }
        let failure = cfilesync_syncfs(fd)
        if failure != 0 { throw Self.failure(failure, "cannot flush the output folder's files to disk", root) }
    }

    /// Writes an artifact's content — bytes, or a stream written straight into the temporary file
    /// and hashed as it goes (read back when a library wrote through the descriptor) — and returns
    /// its manifest entry.
    public func write(_ content: Artifact.Content, to relativePath: String, kind: String, locale: String?) throws(ChartError) -> ManifestArtifact {
        _ = try resolve(relativePath)
        let (folder, name) = try openParent(of: relativePath, create: true)
        defer { close(folder) }
        return try write(content, to: relativePath, in: folder, name: name, kind: kind, locale: locale)
    }

    /// Writes artifacts that all go into the folder `relativeFolder` (a chart's), walking to it
    /// once; `wrote` is called with the entry of each file in place, in order, before a failure is
    /// thrown, so that a caller knows what is on disk when one fails.
    public func write(_ artifacts: [Artifact], into relativeFolder: String,
                      wrote: (ManifestArtifact) -> Void) throws(ChartError) {
        guard let first = artifacts.first else { return }
        for artifact in artifacts { _ = try resolve(relativeFolder + "/" + artifact.path) }
        guard !artifacts.contains(where: { $0.path.contains("/") }) else {
            // Files in subfolders of it: each walked to on its own.
            for artifact in artifacts {
                wrote(try write(artifact.content, to: relativeFolder + "/" + artifact.path, kind: artifact.kind, locale: artifact.locale))
            }
            return
        }
        let (folder, _) = try openParent(of: relativeFolder + "/" + first.path, create: true)
        defer { close(folder) }
        // In windows of at most `Self.window` files: each file of a window is written under its
        // temporary name, on this thread and on the processors the run has idle
        // (`WorkerBudget.split`), each taking the next file; then, in order, each is renamed into
        // place. No file is flushed on its own: the run flushes its file system once, before its
        // manifest (`OutputFolder.finish`). The window bounds the descriptors held.
        //
        // Every file before the first that fails is written and put in place, none after it is
        // begun once it has failed (a window's files begun before are discarded); every file in
        // place is reported, in order, and the first failure (by order) is thrown. On one
        // processor that is writing in order and stopping at a failure.
        var failure: ChartError?
        var begin = 0
        while begin < artifacts.count, failure == nil {
            let end = min(begin + Self.window, artifacts.count)
            // The first file of the window that failed, by order (`Int.max`: none): no thread begins a later one.
            let firstFailure = Atomic<Int>(.max)
            let prepared = WorkerBudget.map(end - begin) { k -> Result<Prepared, ChartError>? in
                guard k < firstFailure.load(ordering: .acquiring) else { return nil }
                let artifact = artifacts[begin + k]
                do throws(ChartError) {
                    return .success(try prepare(artifact.content, to: relativeFolder + "/" + artifact.path, in: folder,
                                                name: artifact.path, kind: artifact.kind, locale: artifact.locale))
                } catch {
                    // Lowered to k unless a file before it failed already.
                    var seen = firstFailure.load(ordering: .relaxed)
                    while k < seen {
                        let (exchanged, now) = firstFailure.compareExchange(expected: seen, desired: k, ordering: .acquiringAndReleasing)
                        if exchanged { break }
                        seen = now
                    }
                    return .failure(error)
                }
            }
            for outcome in prepared {
                switch outcome {
                case let .success(file)?:
                    if failure != nil {
                        discard(file, in: folder)
                        continue
                    }
                    do throws(ChartError) { wrote(try place(file, in: folder)) } catch { failure = error }
                case let .failure(error)?: if failure == nil { failure = error }
                case nil: break
                }
            }
            begin = end
        }
        if let failure { throw failure }
    }

    /// How many files of a folder are written before the first of them is put in place.
    static let window = 16

    /// A file written under its temporary name, still open for its flush, not yet in place.
    struct Prepared: Sendable {
        /// Its manifest entry once in place.
        let entry: ManifestArtifact
        let name: String
        let temporary: String
        /// Open on the temporary file, for the flush.
        let fd: Int32
    }

    /// Writes `content` as `name` in the open folder `folder`, which is `relativePath`'s: made,
    /// flushed and put in place.
    private func write(_ content: Artifact.Content, to relativePath: String, in folder: Int32, name: String, kind: String,
                       locale: String?) throws(ChartError) -> ManifestArtifact {
        try place(try prepare(content, to: relativePath, in: folder, name: name, kind: kind, locale: locale), in: folder)
    }

    /// Writes `content` under a temporary name beside `name` in `folder` and hashes it.
    private func prepare(_ content: Artifact.Content, to relativePath: String, in folder: Int32, name: String, kind: String,
                         locale: String?) throws(ChartError) -> Prepared {
        let target = root + "/" + relativePath
        var info = stat()
        if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw ChartError("refusing to write '\(relativePath)': something other than a file is in the way",
                                 code: .outputNotAFile, at: SourceLocation(path: target))
            }
            let mayReplace = owned.withLock { set in set.map { $0.contains(relativePath) } ?? true }
            guard mayReplace else {
                throw ChartError("refusing to replace '\(relativePath)': no chartpipe manifest of this folder lists it, so chartpipe did not write it; move it away or choose another output folder",
                                 code: .outputUnlistedFile, at: SourceLocation(path: target))
            }
        }
        let temporary = "." + name + ".tmp-\(getpid())"
        // The room set aside for this file is its temporary file already, allocated: written over
        // from its start, then cut to what was written.
        let reservation = takeReservation(relativePath)
        let fd: Int32
        if let reservation {
            fd = reservation
        } else {
            // O_EXCL and O_NOFOLLOW: a link planted at the temporary name is never followed out.
            unlinkat(folder, temporary, 0)
            fd = openat(folder, temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw Self.failure(errno, "cannot write", target) }
        var sink = ArtifactSink(fileDescriptor: fd)
        var size = 0
        var digest = ""
        /// The allocated bytes beyond what was written go, before the file is hashed or measured.
        func cutReservation() throws(ChartError) {
            guard reservation != nil else { return }
            let end = lseek(fd, 0, SEEK_CUR)
            guard end >= 0, ftruncate(fd, end) == 0 else { throw Self.failure(errno, "cannot write", target) }
        }
        do {
            switch content {
            case let .bytes(bytes):
                if reservation != nil, lseek(fd, 0, SEEK_SET) != 0 { throw Self.failure(errno, "cannot write", target) }
                try sink.write(bytes)
                try cutReservation()
                size = bytes.count
                digest = SHA256.hex(bytes)
            case let .stream(write):
                if reservation != nil, lseek(fd, 0, SEEK_SET) != 0 { throw Self.failure(errno, "cannot write", target) }
                try write(&sink)
                try cutReservation()
                if let hasher = sink.hasher {
                    (size, digest) = (sink.size, hasher.finalizeHex())
                } else {
                    (size, digest) = try Self.hash(fd, path: target)
                }
                if let declared = sink.declaredSize, declared != size {
                    throw ChartError("cannot write: the file holds \(size) bytes of the \(declared) written", code: .outputWriteFailed)
                }
            }
        } catch {
            // A library writing through the descriptor (libsndfile) reports a full disk in its own
            // words: the file system says whether that is what happened.
            let full = Self.nearlyFull(fd)
            close(fd)
            unlinkat(folder, temporary, 0)
            if error is Cancelled { throw ChartError("the run was cancelled while this file was written", code: Diagnostic.cancelled) }
            if full, (error as? ChartError)?.code != .outputDiskFull {
                throw Self.failure(ENOSPC, "cannot write", target)
            }
            if let error = error as? ChartError {
                var located = error
                located.location = SourceLocation(path: target)
                throw located
            }
            throw ChartError("cannot write: \(error)", code: .outputWriteFailed, at: SourceLocation(path: target))
        }
        return Prepared(entry: ManifestArtifact(path: relativePath, kind: kind, locale: locale, bytes: size, sha256: digest),
                        name: name, temporary: temporary, fd: fd)
    }

    /// Closes a prepared file and renames it into place: its manifest entry. Flushed first, and its
    /// folder after, only when `durable` (the manifest): the run flushes the others at once.
    private func place(_ file: Prepared, in folder: Int32, durable: Bool = false) throws(ChartError) -> ManifestArtifact {
        var failure: Int32 = 0
        if durable, fsync(file.fd) != 0, errno != EINVAL { failure = errno }
        var before = stat()
        let statted = fstat(file.fd, &before) == 0
        if close(file.fd) != 0, failure == 0 { failure = errno }
        // Listed only when all its bytes reached the file.
        if failure == 0, statted, Int(before.st_size) != file.entry.bytes { failure = Self.nearlyFull(folder) ? ENOSPC : EIO }
        // Noted before the rename, not after: a run killed between the two leaves the path in its
        // journal, and the next run checks what is there; noted after, a file could be in place
        // that no manifest or journal lists, and every later run would refuse to replace it.
        if failure == 0 { onWrite?(file.entry.path) }
        if failure == 0, renameat(folder, file.temporary, folder, file.name) != 0 { failure = errno }
        // The rename itself made durable: the folder's entry of the new name.
        if durable, failure == 0, fsync(folder) != 0, errno != EINVAL { failure = errno }
        if failure != 0 {
            unlinkat(folder, file.temporary, 0)
            throw Self.failure(failure, "cannot write", root + "/" + file.entry.path)
        }
        // Its identity once in place (the rename sets the change time), if what is at the name
        // now is still the file written (same device and inode).
        var written = stat()
        let identity = statted && fstatat(folder, file.name, &written, AT_SYMLINK_NOFOLLOW) == 0
            && written.st_dev == before.st_dev && written.st_ino == before.st_ino ? FileIdentity(written, sha256: file.entry.sha256) : nil
        owned.withLock { set in if set != nil { set?.insert(file.entry.path) } }
        hashed.withLock { $0[file.entry.path] = identity }
        unremoved.withLock { _ = $0.remove(file.entry.path) }
        return file.entry
    }

    /// Lets a prepared file go without putting it in place.
    private func discard(_ file: Prepared, in folder: Int32) {
        close(file.fd)
        unlinkat(folder, file.temporary, 0)
    }

    /// Whether a failed system call's errno means the disk (or the user's quota) is full.
    public static func isDiskFull(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }

    /// A failed system call as a diagnostic; a full disk has its own code, so a run can stop and
    /// say so rather than fail every chart after it.
    static func failure(_ code: Int32, _ doing: String, _ path: String) -> ChartError {
        let full = isDiskFull(code)
        return ChartError("\(doing): \(String(cString: strerror(code)))", code: full ? .outputDiskFull : .outputWriteFailed,
                          at: path.isEmpty ? nil : SourceLocation(path: path))
    }

    /// Whether the file system of `fd` has (almost) no room left.
    private static func nearlyFull(_ fd: Int32) -> Bool {
        var info = statvfs()
        guard fstatvfs(fd, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 64 * 1024
    }

    /// Size and SHA-256 of what a stream wrote, read back from the start of the file.
    static func hash(_ fd: Int32, path: String) throws(ChartError) -> (Int, String) {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw failure(errno, "cannot read back", path) }
        var hasher = SHA256.Hasher()
        var size = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno, "cannot read back", path)
            }
            if n == 0 { break }
            hasher.update(buffer[0..<n])
            size += n
        }
        return (size, hasher.finalizeHex())
    }

    // MARK: paths

    /// The absolute path of `relativePath`, refusing any path that would leave the output folder.
    public func resolve(_ relativePath: String) throws(ChartError) -> String {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !relativePath.contains("\0"),
              !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw ChartError("refusing to write '\(relativePath)': it would leave the output folder", code: .outputOutside,
                             at: SourceLocation(path: root))
        }
        return root + "/" + relativePath
    }

    /// The folder of `relativePath` opened without following any link below the output folder
    /// (created when `create`), and the file's name in it. The caller closes the descriptor.
    func openParent(of relativePath: String, create: Bool) throws(ChartError) -> (Int32, String) {
        _ = try resolve(relativePath)
        var parts = relativePath.split(separator: "/").map(String.init)
        let name = parts.removeLast()
        var fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0, errno == ENOENT, create {
            try prepare()
            fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard fd >= 0 else { throw Self.failure(errno, "cannot open the output folder", root) }
        var path = root
        for part in parts {
            path += "/" + part
            var next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0, errno == ENOENT, create {
                if mkdirat(fd, part, 0o755) != 0, errno != EEXIST {
                    let e = errno
                    close(fd)
                    throw Self.failure(e, "cannot create the folder", path)
                }
                next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if next < 0 {
                let e = errno
                close(fd)
                if e == ELOOP || e == ENOTDIR {
                    throw ChartError("refusing to go through '\(path)': it is a symbolic link or not a folder",
                                     code: .outputSymbolicLink, at: SourceLocation(path: root))
                }
                throw Self.failure(e, "cannot open the folder", path)
            }
            close(fd)
            fd = next
        }
        return (fd, name)
    }

    /// The bytes of a regular file below the output folder, read without following links.
    public func read(_ relativePath: String) throws(ChartError) -> [UInt8] {
        try readWithIdentity(relativePath).bytes
    }

    /// Whether the file `info` describes is known (written or hashed by this writer, or
    /// remembered from the run cache) to hold the bytes `artifact` lists: same identity (device,
    /// inode, size, modification and change times), same SHA-256.
    private func isKnown(_ artifact: ManifestArtifact, _ info: stat) -> Bool {
        guard let known = hashed.withLock({ $0[artifact.path] }), known.sha256 == artifact.sha256 else { return false }
        return known.same(as: FileIdentity(info, sha256: artifact.sha256))
    }

    /// Whether `info` is a regular file of the size `artifact` lists.
    private static func isListedFile(_ info: stat, _ artifact: ManifestArtifact) -> Bool {
        info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) == artifact.bytes
    }

    /// The bytes of the file `artifact` lists, and whether they are the listed bytes (size and
    /// SHA-256). A file whose identity is known (`isKnown`) is not hashed again: a run reads each
    /// file it wrote or kept at memory speed.
    public func checked(_ artifact: ManifestArtifact) throws(ChartError) -> (bytes: [UInt8], matches: Bool) {
        let (bytes, info) = try readWithIdentity(artifact.path)
        guard bytes.count == artifact.bytes else { return (bytes, false) }
        if isKnown(artifact, info) { return (bytes, true) }
        let digest = SHA256.hex(bytes)
        guard digest == artifact.sha256 else { return (bytes, false) }
        hashed.withLock { $0[artifact.path] = FileIdentity(info, sha256: digest) }
        return (bytes, true)
    }

    private func readWithIdentity(_ relativePath: String) throws(ChartError) -> (bytes: [UInt8], info: stat) {
        let (folder, name) = try openParent(of: relativePath, create: false)
        defer { close(folder) }
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Self.failure(errno, "cannot read", root + "/" + relativePath) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ChartError("'\(relativePath)' is not a regular file", code: .outputNotAFile, at: SourceLocation(path: root))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Self.failure(errno, "cannot read", root + "/" + relativePath)
            }
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return (bytes, info)
    }

    /// Creates the output folder, or says why it cannot be one (a file is in the way, no permission).
    public func prepare() throws(ChartError) {
        var info = stat()
        if stat(root, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw ChartError("the output folder is a file, not a folder; choose another --out or 'output'", code: .outputNotAFolder,
                                 at: SourceLocation(path: root))
            }
            guard access(root, W_OK) == 0 else {
                throw ChartError("cannot write into the output folder: \(String(cString: strerror(errno)))", code: .outputUnwritable,
                                 at: SourceLocation(path: root))
            }
            return
        }
        try Self.makeFolders(root)
    }

    /// Creates `path` and the folders above it that are missing, one `mkdir` at a time, so that a
    /// failure names the OS reason and the folder in the way (Foundation's error only says
    /// "NSCocoaErrorDomain error 512").
    static func makeFolders(_ path: String) throws(ChartError) {
        let absolute = path.hasPrefix("/")
        var current = absolute ? "" : "."
        for part in path.split(separator: "/") where part != "." {
            current += "/" + part
            if mkdir(current, 0o777) == 0 { continue }
            let code = errno
            var info = stat()
            let exists = stat(current, &info) == 0
            if code == EEXIST, exists, info.st_mode & S_IFMT == S_IFDIR { continue }
            let shown = absolute ? current : String(current.dropFirst(2))
            // A file where a folder of the path belongs: the reason is that it is not a directory.
            let reason = code == EEXIST && exists ? String(cString: strerror(ENOTDIR)) + ": '\(shown)' is a file"
                : String(cString: strerror(code)) + (shown == path ? "" : " (creating '\(shown)')")
            throw ChartError("cannot create the output folder: \(reason); choose another --out or 'output'", code: .outputUnwritable,
                             at: SourceLocation(path: path))
        }
    }

    // MARK: removing and checking

    /// Removes files (paths relative to the output folder) that lie below `folder` (nil: directly in
    /// the output folder): only what an earlier run listed in its manifest, never anything else a
    /// user keeps there.
    public func remove(_ paths: [String], below folder: String?) {
        for path in paths {
            if let folder { guard path.hasPrefix(folder + "/") else { continue } } else { guard !path.contains("/") else { continue } }
            guard path != "manifest.json", let (dir, name) = try? openParent(of: path, create: false) else { continue }
            var info = stat()
            if fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG {
                let removed = unlinkat(dir, name, 0) == 0 || errno == ENOENT
                unremoved.withLock { set in if removed { set.remove(path) } else { set.insert(path) } }
            } else {
                unremoved.withLock { _ = $0.remove(path) }
            }
            close(dir)
        }
    }

    /// Removes files an earlier run could not remove (each in its own folder).
    public func removeLeftovers(_ paths: [String]) {
        for path in paths {
            let folder = (path as NSString).deletingLastPathComponent
            remove([path], below: folder.isEmpty ? nil : folder)
        }
    }

    /// The files chartpipe wrote that a removal could not remove, by path: the manifest lists them
    /// as leftovers, so that a later run may still replace or remove them.
    public var leftovers: [String] { unremoved.withLock { $0.sorted() } }

    /// Removes a folder below the output folder if nothing is left in it.
    public func removeFolderIfEmpty(_ relativePath: String) {
        guard let (dir, name) = try? openParent(of: relativePath, create: false) else { return }
        unlinkat(dir, name, AT_REMOVEDIR)
        close(dir)
    }

    /// Whether the file an entry names is on disk as a regular file of the listed size.
    public func matches(_ artifact: ManifestArtifact) -> Bool {
        guard let (dir, name) = try? openParent(of: artifact.path, create: false) else { return false }
        defer { close(dir) }
        var info = stat()
        return fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && Self.isListedFile(info, artifact)
    }

    /// Whether the file an entry names holds exactly the listed bytes (size and SHA-256). A file
    /// whose identity is the one it had when this writer wrote or hashed it (or when an earlier
    /// run did: see `remember`) is not read at all.
    public func verifies(_ artifact: ManifestArtifact) -> Bool {
        verifiesAll([artifact])
    }

    /// Whether every entry's file holds exactly the listed bytes (see `verifies`); the files of one
    /// folder are looked up from one walk to it.
    public func verifiesAll(_ artifacts: [ManifestArtifact]) -> Bool {
        var all = true
        lookUp(artifacts) { artifact, info in
            guard let info, Self.isListedFile(info, artifact) else { all = false; return false }
            if isKnown(artifact, info) { return true }
            guard let (_, same) = try? checked(artifact), same else { all = false; return false }
            return true
        }
        return all
    }

    /// The entries whose files are on disk as regular files of the listed size (see `matches`),
    /// in order; the files of one folder are looked up from one walk to it.
    public func present(_ artifacts: [ManifestArtifact]) -> [ManifestArtifact] {
        var out: [ManifestArtifact] = []
        lookUp(artifacts) { artifact, info in
            if let info, Self.isListedFile(info, artifact) { out.append(artifact) }
            return true
        }
        return out
    }

    /// Calls `body` with each entry and what `lstat` says of its file (nil: nothing there, or its
    /// folder cannot be reached), walking to each folder of consecutive entries once; stops when
    /// `body` returns false.
    private func lookUp(_ artifacts: [ManifestArtifact], _ body: (ManifestArtifact, stat?) -> Bool) {
        var start = 0
        while start < artifacts.count {
            let folder = Self.folderPart(artifacts[start].path)
            var end = start + 1
            while end < artifacts.count, Self.folderPart(artifacts[end].path) == folder { end += 1 }
            let dir = (try? openParent(of: artifacts[start].path, create: false))?.0
            defer { if let dir { close(dir) } }
            for artifact in artifacts[start..<end] {
                var info = stat()
                let name = String(artifact.path[artifact.path.index(artifact.path.startIndex, offsetBy: folder.count)...])
                let found = dir.map { fstatat($0, name, &info, AT_SYMLINK_NOFOLLOW) == 0 } ?? false
                guard body(artifact, found ? info : nil) else { return }
            }
            start = end
        }
    }

    /// A path's folder part with its final slash ("charts/a/" of "charts/a/data.json"; "" of a name).
    private static func folderPart(_ path: String) -> Substring {
        guard let slash = path.lastIndex(of: "/") else { return path[path.startIndex..<path.startIndex] }
        return path[...slash]
    }

    /// The listed file opened for reading, when it holds the listed bytes (known by its identity,
    /// else hashed through the open descriptor): the caller closes it.
    func openVerified(_ artifact: ManifestArtifact) -> Int32? {
        guard let (dir, name) = try? openParent(of: artifact.path, create: false) else { return nil }
        let fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        close(dir)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, Self.isListedFile(info, artifact) else {
            close(fd)
            return nil
        }
        if isKnown(artifact, info) { return fd }
        guard let (_, digest) = try? Self.hash(fd, path: artifact.path), digest == artifact.sha256 else {
            close(fd)
            return nil
        }
        hashed.withLock { $0[artifact.path] = FileIdentity(info, sha256: digest) }
        return fd
    }

    /// Identities of files as an earlier run wrote or hashed them (its run cache): a file that
    /// still has one is taken to hold the bytes it had then, and is not hashed again.
    func remember(_ identities: [String: FileIdentity]) {
        hashed.withLock { known in known.merge(identities) { now, _ in now } }
    }

    /// The identities this writer knows of `paths` (written or hashed by it, or remembered).
    func identities(of paths: some Sequence<String>) -> [String: FileIdentity] {
        hashed.withLock { known in
            var out: [String: FileIdentity] = [:]
            out.reserveCapacity(paths.underestimatedCount)
            for path in paths { if let identity = known[path] { out[path] = identity } }
            return out
        }
    }

    /// Whether a regular file is at `path` (relative to the output folder).
    public func exists(_ path: String) -> Bool {
        guard let (dir, name) = try? openParent(of: path, create: false) else { return false }
        defer { close(dir) }
        var info = stat()
        return fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Regular files directly in `relativeFolder` ("" for the output folder), without following links.
    public func files(in relativeFolder: String) -> [String] {
        let probe = relativeFolder.isEmpty ? "x" : relativeFolder + "/x"
        guard let (dir, _) = try? openParent(of: probe, create: false), let stream = fdopendir(dir) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            var info = stat()
            if name != ".", name != "..", fstatat(dirfd(stream), name, &info, AT_SYMLINK_NOFOLLOW) == 0,
               info.st_mode & S_IFMT == S_IFREG {
                names.append(name)
            }
        }
        return names.sorted()
    }

    /// Removes the temporary files (`.NAME.tmp-PID`) that a killed run left in `relativeFolder`.
    public func removeTemporaries(in relativeFolder: String) {
        for name in files(in: relativeFolder) where name.hasPrefix(".") && name.contains(".tmp-") {
            remove([relativeFolder.isEmpty ? name : relativeFolder + "/" + name], below: relativeFolder.isEmpty ? nil : relativeFolder)
        }
    }
}
