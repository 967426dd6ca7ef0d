import Foundation

/// A file of the output folder open for reading at any offset; closed when let go.
public final class ListedFile {
    private let fd: Int32
    /// Its size when it was opened.
    public let size: Int
    private let identity: FileIdentity?

    init(fd: Int32) {
        self.fd = fd
        var info = stat()
        let statted = fstat(fd, &info) == 0
        size = statted ? Int(info.st_size) : 0
        identity = statted ? FileIdentity(info, sha256: "") : nil
    }

    /// Whether the file still has the identity it had when it was opened (nobody wrote it since).
    public var isUnchanged: Bool {
        var info = stat()
        guard let identity, fstat(fd, &info) == 0 else { return false }
        return identity.same(as: FileIdentity(info, sha256: ""))
    }

    deinit { close(fd) }

    /// `count` bytes from `offset`, copied into `sink`.
    public func copy(offset: Int, count: Int, to sink: inout ArtifactSink) throws {
        try sink.copy(from: fd, offset: offset, count: count)
    }
}
