import Foundation

/// The files a run has renamed into place, one path per line in `OUT/.chartpipe-journal` (a shard's
/// in `.chartpipe-journal.shard-I`), appended as they land and removed when the run's manifest is
/// written. A journal left behind means a run ended before its manifest (kill -9, power loss, a full
/// disk): the next run knows exactly which files chartpipe wrote and checks or removes them.
public final class RunJournal: Sendable {
    public static let fileName = ".chartpipe-journal"
    private let fd: Int32
    private let path: String

    public static func fileName(_ shard: Shard?) -> String { shard.map { fileName + ".shard-\($0.index)" } ?? fileName }

    /// The paths the journals in `root` list: the whole run's and every shard's (`shard` nil), or one shard's.
    public static func leftOver(in root: String, shard: Shard? = nil, allShards: Bool = false) -> [String] {
        var names = [fileName(shard)]
        if allShards {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            names += entries.filter { $0.hasPrefix(fileName + ".shard-") }.sorted()
        }
        return names.flatMap { name -> [String] in
            guard let data = FileManager.default.contents(atPath: root + "/" + name) else { return [] }
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    /// Starts a new journal in `root`.
    public init(root: String, shard: Shard? = nil) throws(ChartError) {
        path = root + "/" + Self.fileName(shard)
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ArtifactWriter.failure(errno, "cannot start the run's journal", path)
        }
    }

    /// Notes a path (relative to the output folder) that is about to be on disk under its final
    /// name: noted just before the rename, so that no file is ever in place unnoted.
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
