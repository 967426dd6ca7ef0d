import ChartpipeJSON
import ChartpipeLock
import Foundation

/// SHA-256 of the input files of a run (data, catalogs, plugin programs), each hashed once per
/// run however many charts read it, and not at all when its identity (device, inode, size,
/// modification and change times) is the one the folder's run cache recorded with its digest
/// (see `RunCache`): a file rewritten since has a new change time.
public final class FileDigests: Sendable {
    private let known: Locked<[String: FileIdentity]>
    /// The files asked for this run: what the next run's cache keeps.
    private let asked = Locked<Set<String>>([])

    public convenience init() { self.init(remembered: [:]) }

    init(remembered: [String: FileIdentity]) { known = Locked(remembered) }

    /// The digest of the regular file at `path`; nil when it cannot be read.
    public func digest(_ path: String) -> String? {
        guard case let .success(opened) = RegularFile.open(path) else { return nil }
        defer { close(opened.fd) }
        asked.withLock { _ = $0.insert(path) }
        var info = stat()
        guard fstat(opened.fd, &info) == 0 else { return nil }
        if let identity = known.withLock({ $0[path] }), identity.same(as: FileIdentity(info, sha256: identity.sha256)) {
            return identity.sha256
        }
        guard let (_, digest) = try? ArtifactWriter.hash(opened.fd, path: path) else { return nil }
        known.withLock { $0[path] = FileIdentity(info, sha256: digest) }
        return digest
    }

    /// What the next run's cache keeps: the files asked for this run, named by an absolute path.
    var identities: [String: FileIdentity] {
        let paths = asked.withLock { $0 }
        return known.withLock { $0.filter { $0.key.hasPrefix("/") && paths.contains($0.key) } }
    }
}
