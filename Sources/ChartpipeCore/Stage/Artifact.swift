import Foundation

/// A file a stage produces; the runner writes it atomically under the chart's folder.
public struct Artifact: Sendable {
    /// What the file holds: bytes in memory, or a writer that streams them into the file at commit
    /// time, so that a large file (long audio, a million-point data file) never sits whole in memory.
    public enum Content: Sendable {
        case bytes([UInt8])
        case stream(@Sendable (inout ArtifactSink) throws -> Void)
    }

    /// Path relative to the chart's folder (`data.json`) or, for run stages, to the output folder.
    public var path: String
    /// What it is: `data`, `trend`, `description`, `axchart`, `audio`, `cues`, `table`, `chart`, `report`…
    public var kind: String
    public var locale: String?
    public var content: Content

    public init(path: String, kind: String, locale: String? = nil, bytes: [UInt8]) {
        self.init(path: path, kind: kind, locale: locale, content: .bytes(bytes))
    }

    public init(path: String, kind: String, locale: String? = nil, content: Content) {
        self.path = path
        self.kind = kind
        self.locale = locale
        self.content = content
    }

    /// The file's size, a stream written through a sink on `/dev/null` (hashed as it goes, as the
    /// runner's sink hashes): what making the file costs without the file system, for benchmarks.
    /// A stream that writes through the sink's file descriptor (audio) is refused.
    public func discardedSize() throws -> Int {
        switch content {
        case let .bytes(b): return b.count
        case let .stream(write): return try ArtifactSink.discard(write)
        }
    }

    /// The file's bytes (a stream is written to a temporary file and read back): for tests and
    /// one-off commands, not for the runner, which streams into the output folder.
    public var bytes: [UInt8] {
        switch content {
        case let .bytes(b): return b
        case let .stream(write): return (try? ArtifactSink.render(write)) ?? []
        }
    }
}
