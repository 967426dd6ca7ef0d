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

    /// Adds the skips of the chunk read after these, whose lines count from 1 after `lineOffset`
    /// lines: the same log as one reader over both would have kept.
    mutating func absorb(_ later: SkipLog, lineOffset: Int) {
        for var warning in later.warnings where warnings.count < Self.shownPositions {
            if let line = warning.location?.line { warning.location?.line = line + lineOffset }
            warnings.append(warning)
        }
        skipped += later.skipped
    }

    /// The closing summary, when more were skipped than shown.
    func summary(path: String) -> [Diagnostic] {
        guard skipped > Self.shownPositions else { return warnings }
        return warnings + [.warning("skipped \(skipped) records with errors in all (\"onError\": \"skip\"); the first \(Self.shownPositions) are listed above",
                                    code: "ingest.skipped-records", at: SourceLocation(path: path))]
    }
}
