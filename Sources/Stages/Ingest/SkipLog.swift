import Foundation
import ChartpipeCore

/// Records skipped under `onError: skip`: counted, with the first few positions kept as warnings.
/// Also the warnings about values read but worth a word (a key written twice, a leap second): the
/// first few of each code, and how many in all.
struct SkipLog {
    static let shownPositions = 5
    private(set) var skipped = 0
    private(set) var warnings: [Diagnostic] = []
    /// Per code of a notice: the first few, and the count.
    private(set) var notices: [DiagnosticCode: (shown: [Diagnostic], count: Int)] = [:]

    /// A value read as the docs say, but not silently (SPEC §8).
    mutating func notice(_ warning: Diagnostic) {
        var entry = notices[warning.code, default: ([], 0)]
        if entry.shown.count < Self.shownPositions { entry.shown.append(warning) }
        entry.count += 1
        notices[warning.code] = entry
    }

    /// Whether the next skip will be shown (so its position is worth computing).
    var wantsPosition: Bool { skipped < Self.shownPositions }

    mutating func note(_ problem: ChartError) {
        if skipped < Self.shownPositions {
            warnings.append(.warning("skipped record: " + problem.message, code: .ingestSkippedRecord,
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
        for (code, entry) in later.notices {
            var mine = notices[code, default: ([], 0)]
            for var warning in entry.shown where mine.shown.count < Self.shownPositions {
                if let line = warning.location?.line { warning.location?.line = line + lineOffset }
                mine.shown.append(warning)
            }
            mine.count += entry.count
            notices[code] = mine
        }
    }

    /// The closing summary, when more were skipped than shown.
    func summary(path: String) -> [Diagnostic] {
        var noted: [Diagnostic] = []
        for code in notices.keys.sorted() {
            guard let entry = notices[code] else { continue }
            noted += entry.shown
            if entry.count > entry.shown.count {
                noted.append(.warning("\(entry.count) such warnings (\(code)) in all; the first \(entry.shown.count) are listed above",
                                      code: code, at: SourceLocation(path: path)))
            }
        }
        guard skipped > Self.shownPositions else { return noted + warnings }
        return noted + warnings + [.warning("skipped \(skipped) records with errors in all (\"onError\": \"skip\"); the first \(Self.shownPositions) are listed above",
                                    code: .ingestSkippedRecords, at: SourceLocation(path: path))]
    }
}
