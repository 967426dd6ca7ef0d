#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension String {
    func trimmingLeadingSpace() -> String { String(drop { $0 == " " }) }
}

extension Double {
    /// 10 to the power `n`, exactly for the small integer powers used in rounding decisions.
    static func pow10(_ n: Int) -> Double {
        var v = 1.0
        for _ in 0..<abs(n) { v *= 10 }
        return n < 0 ? 1 / v : v
    }
}
