import Foundation
import ChartpipeJSON

/// Relative paths between absolute, standardized paths.
public enum RelativePath {
    /// The path of `target` as seen from the folder `base` (`../../pipelines/weekly.pipeline`).
    public static func from(_ base: String, to target: String) -> String {
        let b = base.split(separator: "/"), t = target.split(separator: "/")
        var common = 0
        while common < b.count, common < t.count, b[common] == t[common] { common += 1 }
        let up = Array(repeating: "..", count: b.count - common)
        return (up + t[common...].map(String.init)).joined(separator: "/")
    }
}
