import Foundation

/// The one place that writes output files: each file goes to a temporary name in the same folder
/// and is renamed into place, so a crash or a full disk never leaves a half-written file under its
/// final name. Paths are checked to stay inside the output folder.
public struct ArtifactWriter: Sendable {
    /// Absolute output folder.
    public let root: String

    public init(root: String) { self.root = URL(fileURLWithPath: root).standardizedFileURL.path }

    /// Writes `bytes` at `relativePath` (below the output folder) and returns its manifest entry.
    public func write(_ bytes: [UInt8], to relativePath: String, kind: String, locale: String?) throws(ChartError) -> ManifestArtifact {
        try write(.bytes(bytes), to: relativePath, kind: kind, locale: locale)
    }

    /// Writes an artifact's content — bytes, or a stream written straight into the temporary file
    /// and hashed as it is read back — and returns its manifest entry.
    public func write(_ content: Artifact.Content, to relativePath: String, kind: String, locale: String?) throws(ChartError) -> ManifestArtifact {
        let target = try resolve(relativePath)
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ChartError("cannot create the folder: \(FileProblem.reason(error))", code: "output.write-failed",
                             at: SourceLocation(path: folder))
        }
        let temporary = folder + "/." + name + ".tmp-\(getpid())"
        // O_EXCL and O_NOFOLLOW: a link planted at the temporary name is never followed out.
        unlink(temporary)
        let fd = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ChartError("cannot write: \(String(cString: strerror(errno)))", code: "output.write-failed",
                             at: SourceLocation(path: target))
        }
        var sink = ArtifactSink(fileDescriptor: fd)
        var failure: Int32 = 0
        var size = 0
        var digest = ""
        do {
            switch content {
            case let .bytes(bytes):
                try sink.write(bytes)
                size = bytes.count
                digest = SHA256.hex(bytes)
            case let .stream(write):
                try write(&sink)
                (size, digest) = try Self.hash(fd)
            }
        } catch {
            close(fd)
            unlink(temporary)
            if let error = error as? ChartError {
                throw ChartError(error.message, code: error.code, at: SourceLocation(path: target))
            }
            throw ChartError("cannot write: \(error)", code: "output.write-failed", at: SourceLocation(path: target))
        }
        if fsync(fd) != 0, errno != EINVAL { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw ChartError("cannot write: \(String(cString: strerror(failure)))", code: "output.write-failed",
                             at: SourceLocation(path: target))
        }
        return ManifestArtifact(path: relativePath, kind: kind, locale: locale, bytes: size, sha256: digest)
    }

    /// Size and SHA-256 of what a stream wrote, read back from the start of the file.
    private static func hash(_ fd: Int32) throws(ChartError) -> (Int, String) {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw ChartError("cannot read back: \(String(cString: strerror(errno)))", code: "output.write-failed")
        }
        var hasher = SHA256.Hasher()
        var size = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ChartError("cannot read back: \(String(cString: strerror(errno)))", code: "output.write-failed")
            }
            if n == 0 { break }
            hasher.update(buffer[0..<n])
            size += n
        }
        return (size, hasher.finalizeHex())
    }

    /// The absolute path of `relativePath`, refusing any path that would leave the output folder.
    public func resolve(_ relativePath: String) throws(ChartError) -> String {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw ChartError("refusing to write '\(relativePath)': it would leave the output folder", at: SourceLocation(path: root))
        }
        // A symbolic link inside the output folder must not lead out of it.
        var path = root
        for part in parts.dropLast() {
            path += "/" + part
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw ChartError("refusing to write through the symbolic link '\(path)'", at: SourceLocation(path: root))
            }
        }
        return root + "/" + relativePath
    }

    /// Creates the output folder, or says why it cannot be one (a file is in the way, no permission).
    public func prepare() throws(ChartError) {
        var info = stat()
        if stat(root, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw ChartError("the output folder is a file, not a folder; choose another --out or 'output'", at: SourceLocation(path: root))
            }
            guard access(root, W_OK) == 0 else {
                throw ChartError("cannot write into the output folder: \(String(cString: strerror(errno)))", at: SourceLocation(path: root))
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw ChartError("cannot create the output folder: \(FileProblem.reason(error))", at: SourceLocation(path: root))
        }
    }

    /// Removes files (paths relative to the output folder) that lie below `folder` (nil: directly in
    /// the output folder): only what an earlier run listed in its manifest, never anything else a
    /// user keeps there.
    public func remove(_ paths: [String], below folder: String?) {
        for path in paths {
            if let folder { guard path.hasPrefix(folder + "/") else { continue } } else { guard !path.contains("/") else { continue } }
            guard path != "manifest.json", let full = try? resolve(path) else { continue }
            var info = stat()
            if lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(full) }
        }
    }

    /// Removes a folder below the output folder if nothing is left in it.
    public func removeFolderIfEmpty(_ relativePath: String) {
        guard let full = try? resolve(relativePath + "/x") else { return }
        rmdir((full as NSString).deletingLastPathComponent)
    }

    /// Whether the file an entry names is on disk as a regular file of the listed size.
    public func matches(_ artifact: ManifestArtifact) -> Bool {
        guard let full = try? resolve(artifact.path) else { return false }
        var info = stat()
        return lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) == artifact.bytes
    }

    /// Whether a regular file is at `path` (relative to the output folder).
    public func exists(_ path: String) -> Bool {
        guard let full = try? resolve(path) else { return false }
        var info = stat()
        return lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
