#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LocaleFormats {
    /// The digits after the point ISO 4217 gives `code` (2 for USD, 0 for JPY and KRW), as ICU has them.
    public func minorUnits(_ code: String) -> Int {
        guard let text = format(1, skeleton: "currency/\(code) unit-width-hidden group-off numbering-system/latn") else { return 2 }
        // "1.00" has two; "1" none.
        guard let point = text.lastIndex(where: { !$0.isNumber }) else { return 0 }
        return text.distance(from: point, to: text.endIndex) - 1
    }

    /// A large amount of money as the language's press writes it, or nil to write it as usual:
    /// English from a million by scale without cents ("$8.16 million"); Korean and Japanese in
    /// myriads from ten thousand, exact to the currency unit below 억 ("843만 2천 원", "816万4981人民元",
    /// the two leading groups above); Chinese as 万 or 亿 with two decimals ("816.50万元", "3.46亿美元").
    /// `extraDigits` says more, so that two amounts that differ read apart.
    public func largeCurrency(_ value: Double, code: String, extraDigits: Int = 0) -> String? {
        let magnitude = abs(value)
        guard value.isFinite, magnitude >= 1e4, magnitude < 1e15 else { return nil }
        let language = LocaleFallback.language(of: locale)
        switch language {
        case "ko", "ja":
            guard let name = language == "ko" ? Self.koreanCurrencyNames[code] : Self.japaneseCurrencyNames[code] else { return nil }
            // Exact below 억: a million is never rounded to thousands of a currency ("816万4981").
            let digits = myriads(Int64(value.rounded()), language: language, extraDigits: magnitude < 1e8 ? 1 : extraDigits)
            // Korean spaces the currency after a Hangul unit ("843만 2천 원"), not after a digit ("816만 4981달러").
            let spaced = language == "ko" && digits.unicodeScalars.last.map { (0xAC00...0xD7A3).contains($0.value) } == true
            return digits + (spaced ? " " : "") + name
        case "zh":
            let name = code == "CNY" ? "元" : unitName(code) ?? code
            let (scale, unit) = magnitude >= 1e8 ? (1e8, "亿") : (1e4, "万")
            let decimals = min(8, 2 + extraDigits)
            guard let amount = format(value / scale, skeleton: "group-off ." + String(repeating: "0", count: decimals)) else { return nil }
            return amount + unit + name
        case "en":
            guard magnitude >= 1e6 else { return nil }
            let (scale, word) = magnitude >= 1e12 ? (1e12, "trillion") : magnitude >= 1e9 ? (1e9, "billion") : (1e6, "million")
            let mantissa = value / scale
            // Three significant digits, as newspapers write them ("$8.16 million", "$81.6 million").
            let whole = abs(mantissa) >= 100 ? 3 : abs(mantissa) >= 10 ? 2 : 1
            let fraction = max(0, 3 - whole) + extraDigits
            return currency(mantissa, code: code, precision: fraction == 0 ? .integer : .maxFractionDigits(fraction)) + " " + word
        default:
            return nil
        }
    }
}
