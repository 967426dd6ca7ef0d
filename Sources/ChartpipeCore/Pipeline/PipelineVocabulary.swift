import Foundation

/// What the loader asks of the languages and units chartpipe can write. The text module knows
/// (catalogs, ICU); the core does not, so the command line hands it in.
public protocol PipelineVocabulary: Sendable {
    /// Why descriptions cannot be written in `locale` with these catalogs (paths), or nil.
    func localeProblem(_ locale: String, catalogs: [String]) -> String?
    /// Why `unit` (a y unit: currency, `percent` or CLDR unit id) cannot be spelled out, or nil.
    func unitProblem(_ unit: String) -> String?
    /// The locales descriptions can be written in with these catalogs (for "did you mean").
    func writableLocales(catalogs: [String]) -> [String]
}
