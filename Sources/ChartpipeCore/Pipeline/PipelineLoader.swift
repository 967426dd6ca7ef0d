import Foundation
import ChartpipeJSON

/// Reads a pipeline file (SPEC §3), checks everything that can be checked before running, and
/// reports every problem at once as `path:line:column: error: …`.
public struct PipelineLoader: Sendable {
    public let registry: StageRegistry
    /// Checks of locales and units against what the text module can write; nil skips them.
    public let vocabulary: (any PipelineVocabulary)?

    public init(registry: StageRegistry, vocabulary: (any PipelineVocabulary)? = nil) {
        self.registry = registry
        self.vocabulary = vocabulary
    }

    /// Loads the pipeline at `path` (as typed by the user; messages name it that way).
    public func load(path: String) throws(PipelineErrors) -> PipelineSpec {
        let url = URL(fileURLWithPath: path)
        let bytes: [UInt8]
        switch RegularFile.read(path) {
        case let .success(b): bytes = b
        case let .failure(.unreadable(reason)):
            throw PipelineErrors(diagnostics: [Diagnostic("cannot read the pipeline file: \(reason)", code: .pipelineUnreadable,
                                                         at: SourceLocation(path: path))])
        case let .failure(.notRegular(kind)):
            throw PipelineErrors(diagnostics: [Diagnostic("the pipeline file is \(kind), not a regular file; name a .pipeline file",
                                                         code: .pipelineUnreadable, at: SourceLocation(path: path))])
        case .failure(.tooLarge):
            throw PipelineErrors(diagnostics: [Diagnostic("the pipeline file is too large", code: .pipelineUnreadable,
                                                         at: SourceLocation(path: path))])
        }
        return try load(bytes: bytes, path: path, directory: url.deletingLastPathComponent().standardizedFileURL.path)
    }

    /// Loads a pipeline from its bytes; `directory` is where relative paths resolve.
    public func load(bytes: [UInt8], path: String, directory: String) throws(PipelineErrors) -> PipelineSpec {
        let root: JSONValue
        // An empty file is no JSON at all: say so, at its start, not at a column 0.
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw PipelineErrors(diagnostics: [Diagnostic("the pipeline file is empty; it must hold a JSON object with 'version', 'name', 'stages' and 'charts'",
                                                         code: .pipelineEmpty, at: SourceLocation(path: path, line: 1, column: 1))])
        }
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            // jansson says "unexpected token near ']'" for the trailing commas JSON does not allow.
            let hint = error.message.hasSuffix("near ']'") || error.message.hasSuffix("near '}'")
                ? " (JSON allows no comma before a closing bracket)" : ""
            throw PipelineErrors(diagnostics: [Diagnostic("invalid JSON: \(error.message)\(hint)", code: .pipelineInvalidJson,
                                                         at: SourceLocation(path: path, line: error.line, column: max(error.column, 1)))])
        }
        var check = PipelineCheck(path: path, directory: directory, registry: registry, locator: JSONLocator(bytes),
                                   sha256: SHA256.hex(bytes))
        check.vocabulary = vocabulary
        let spec = check.run(root)
        if let spec, check.v.diagnostics.isEmpty { return spec }
        let sorted = check.v.diagnostics.enumerated().sorted { a, b in
            let la = (a.element.location?.line ?? 0, a.element.location?.column ?? 0)
            let lb = (b.element.location?.line ?? 0, b.element.location?.column ?? 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
        throw PipelineErrors(diagnostics: sorted)
    }
}
