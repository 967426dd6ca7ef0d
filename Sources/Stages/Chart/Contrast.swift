#if canImport(Glibc)
import Glibc
#endif

/// WCAG 2 contrast between two colours written `#rrggbb`.
enum Contrast {
    static func ratio(_ a: String, _ b: String) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// Relative luminance (WCAG 2.1, "relative luminance").
    static func luminance(_ hex: String) -> Double {
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6 else { return 0 }
        func channel(_ i: Int) -> Double {
            let text = String(decoding: digits[(2 * i)..<(2 * i + 2)], as: UTF8.self)
            let c = Double(Int(text, radix: 16) ?? 0) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
    }
}
