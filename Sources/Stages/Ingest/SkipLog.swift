import Foundation
import ChartpipeCore

/// Records skipped under `onError: skip`: counted, with the first few positions kept as warnings.
struct SkipLog {
    static let shownPositions = 5
    private(set) var skipped = 0
    private(set) var warnings: [Diagnostic] = []

    /// Whether the next skip will be shown (so its position is worth computing).
    var wantsPosition: Bool { skipped < Self.shownPositions }

    mutating func note(_ problem: ChartError) {
        if skipped < Self.shownPositions {
            warnings.append(.warning("skipped record: " + problem.message, code: "ingest.skipped-record",
                                     at: problem.location, field: problem.field))
        }
        skipped += 1
    }

    /// The closing summary, when more were skipped than shown.
    func summary(path: String) -> [Diagnostic] {
        guard skipped > Self.shownPositions else { return warnings }
        return warnings + [.warning("skipped \(skipped) records with errors in all (\"onError\": \"skip\"); the first \(Self.shownPositions) are listed above",
                                    code: "ingest.skipped-records", at: SourceLocation(path: path))]
    }
}
