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
        let target = try resolve(relativePath)
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ChartError("cannot create the folder: \(FileProblem.reason(error))", at: SourceLocation(path: folder))
        }
        let temporary = folder + "/." + name + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ChartError("cannot write: \(String(cString: strerror(errno)))", at: SourceLocation(path: target))
        }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += n
            }
        }
        if failure == 0, fsync(fd) != 0, errno != EINVAL { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw ChartError("cannot write: \(String(cString: strerror(failure)))", at: SourceLocation(path: target))
        }
        return ManifestArtifact(path: relativePath, kind: kind, locale: locale, bytes: bytes.count, sha256: SHA256.hex(bytes))
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

    /// Removes files in `folder` (relative) that are not in `keep`: what an earlier run left behind.
    public func prune(folder: String, keep: Set<String>) {
        guard let dir = try? resolve(folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where !keep.contains(folder + "/" + name) {
            var info = stat()
            if lstat(dir + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(dir + "/" + name) }
        }
    }
}
