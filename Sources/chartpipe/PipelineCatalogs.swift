import BuiltinStages
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON
import Plugin

/// The pipeline's string catalogs must load before anything runs; the core cannot check them, as
/// catalogs belong to ChartpipeText, which sits beside it.
enum PipelineCatalogs {
    /// One diagnostic per catalog that does not load, with the catalog's path relative to the pipeline.
    static func diagnostics(_ spec: PipelineSpec) -> [Diagnostic] {
        spec.strings.compactMap { path -> Diagnostic? in
            let display = path.hasPrefix(spec.directory + "/") ? String(path.dropFirst(spec.directory.count + 1)) : path
            do {
                _ = try StringCatalog(contentsOf: path)
                return nil
            } catch let e as CatalogError {
                let subject = [e.key.map { "key '\($0)'" }, e.locale.map { "[\($0)]" }].compactMap { $0 }.joined(separator: " ")
                return Diagnostic((subject.isEmpty ? "" : subject + ": ") + e.message, code: .stringsInvalidCatalog,
                                  at: SourceLocation(path: display, line: e.line, column: e.column))
            } catch {
                return Diagnostic("\(error)", code: .stringsInvalidCatalog, at: SourceLocation(path: display))
            }
        }
    }
}
