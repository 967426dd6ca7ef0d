import Foundation

/// An artifact as recorded in the manifest.
public struct ManifestArtifact: Sendable, Equatable {
    /// Relative to the output folder.
    public var path: String
    public var kind: String
    public var locale: String?
    public var bytes: Int
    public var sha256: String

    public init(path: String, kind: String, locale: String?, bytes: Int, sha256: String) {
        self.path = path
        self.kind = kind
        self.locale = locale
        self.bytes = bytes
        self.sha256 = sha256
    }
}
