import Foundation
import ChartpipeJSON

/// Reads files of the output folder that a manifest lists, for run-level stages: the path must be
/// listed, stay inside the folder, pass through no symbolic link, and the bytes must match the
/// listed size and SHA-256 (a file changed since it was listed is not read as current).
public struct ArtifactReader: Sendable {
    let writer: ArtifactWriter

    public init(root: String) { writer = ArtifactWriter(root: root) }

    /// A reader through the run's own writer, which knows the files it wrote or hashed this run:
    /// those are not hashed again (see `ArtifactWriter.checked`).
    public init(writer: ArtifactWriter) { self.writer = writer }

    public var root: String { writer.root }

    /// The bytes of a listed file.
    public func bytes(of artifact: ManifestArtifact) throws(ChartError) -> [UInt8] {
        let path = try writer.resolve(artifact.path)
        let bytes: [UInt8], matches: Bool
        do {
            (bytes, matches) = try writer.checked(artifact)
        } catch {
            throw ChartError("cannot read '\(artifact.path)' of the output folder: \(error.message)", code: .runMissingArtifact,
                             at: SourceLocation(path: path))
        }
        guard matches else {
            throw ChartError("'\(artifact.path)' changed after the run that listed it; run the chart again",
                             code: .runChangedArtifact, at: SourceLocation(path: path))
        }
        return bytes
    }

    /// A listed file opened for reading parts of it (`ListedFile.read`), once its bytes are known
    /// to be the listed ones: nil when it is missing, not a regular file or changed since.
    public func open(_ artifact: ManifestArtifact) -> ListedFile? {
        writer.openVerified(artifact).map(ListedFile.init)
    }

    /// The JSON of the chart's listed file of `kind` (and `locale`).
    public func json(of chart: RunChart, kind: String, locale: String? = nil, pathSuffix: String? = nil) throws(ChartError) -> JSONValue {
        guard let artifact = chart.record?.artifacts.first(where: {
            $0.kind == kind && $0.locale == locale && (pathSuffix.map($0.path.hasSuffix) ?? true)
        }) else {
            throw ChartError("chart '\(chart.id)' has no \(kind) file\(locale.map { " in '\($0)'" } ?? "") in the output folder",
                             code: .runMissingArtifact)
        }
        do {
            return try JSONParser.parse(bytes(of: artifact))
        } catch let error as ChartError {
            throw error
        } catch {
            throw ChartError("'\(artifact.path)' is not valid JSON", code: .runUnreadableArtifact)
        }
    }
}
