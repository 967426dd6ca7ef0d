/// Korean particles written in the localisation convention `(이)가`, `(은)는`, `(을)를`, `(과)와`,
/// `(으)로` (and `(이)에요`, `(이)나`, `(아)야` …), resolved for the text before them.
///
/// The form depends on how the text is read aloud: whether its last syllable ends in a consonant
/// (batchim), and for `(으)로` whether that consonant is ㄹ. Numbers are read in Sino-Korean, `%` as
/// 퍼센트, Latin acronyms letter by letter, English words by the Korean rules for loanwords
/// (`EnglishReading`). When the reading cannot be known (a Han character, an English word the rules
/// are unsure of) the marker stays as written, which Korean readers accept.
public enum KoreanParticles {
    /// How a text ends when read aloud.
    public enum Ending: Sendable, Equatable {
        /// A vowel: 가, 는, 를, 와, 로.
        case vowel
        /// The consonant ㄹ: 이, 은, 을, 과, but 로.
        case rieul
        /// Any other consonant: 이, 은, 을, 과, 으로.
        case consonant
    }

    /// A resolvable marker at the start of a text: its length in characters and its two forms.
    struct Marker {
        var length: Int
        var afterConsonant: String
        var afterVowel: String
        /// ㄹ takes the vowel form (`(으)로` → 로, `(으)면` → 면).
        var rieulTakesVowelForm: Bool
    }

    /// The marker at the start of `text`, if any.
    static func marker(at text: Substring) -> Marker? {
        // Most text after a placeholder is no marker: that is known from its first byte.
        guard text.utf8.first == UInt8(ascii: "(") else { return nil }
        let chars = Array(text.prefix(5))
        guard chars.count >= 4, chars[0] == "(", chars[2] == ")" else { return nil }
        let inner = chars[1], next = chars[3]
        switch (inner, next) {
        case ("이", "가"): return Marker(length: 4, afterConsonant: "이", afterVowel: "가", rieulTakesVowelForm: false)
        case ("은", "는"): return Marker(length: 4, afterConsonant: "은", afterVowel: "는", rieulTakesVowelForm: false)
        case ("을", "를"): return Marker(length: 4, afterConsonant: "을", afterVowel: "를", rieulTakesVowelForm: false)
        case ("과", "와"): return Marker(length: 4, afterConsonant: "과", afterVowel: "와", rieulTakesVowelForm: false)
        case ("아", "야"): return Marker(length: 4, afterConsonant: "아", afterVowel: "야", rieulTakesVowelForm: false)
        case ("이", "에"):
            // (이)에요 → 이에요 / 예요
            if chars.count >= 5, chars[4] == "요" {
                return Marker(length: 5, afterConsonant: "이에요", afterVowel: "예요", rieulTakesVowelForm: false)
            }
            return nil
        case ("이", _) where isHangulSyllable(next):
            // (이)나, (이)랑, (이)라고, (이)며 …: the copula 이 drops after a vowel; the suffix stays.
            return Marker(length: 3, afterConsonant: "이", afterVowel: "", rieulTakesVowelForm: false)
        case ("으", _) where isHangulSyllable(next):
            // (으)로, (으)면, (으)니까 …: 으 drops after a vowel and after ㄹ; the suffix stays.
            return Marker(length: 3, afterConsonant: "으", afterVowel: "", rieulTakesVowelForm: true)
        default:
            return nil
        }
    }

    /// The form of the marker for a text ending as `ending`.
    static func form(of marker: Marker, after ending: Ending) -> String {
        switch ending {
        case .vowel: return marker.afterVowel
        case .rieul: return marker.rieulTakesVowelForm ? marker.afterVowel : marker.afterConsonant
        case .consonant: return marker.afterConsonant
        }
    }

    /// Resolves every marker in `text` for the text just before it (for sentences composed in code;
    /// templates resolve markers right after their placeholders).
    public static func resolve(in text: String) -> String {
        guard text.contains("(") else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "(") {
            out += rest[..<open]
            let tail = rest[open...]
            if let marker = marker(at: tail), let ending = ending(of: out) {
                out += form(of: marker, after: ending)
                rest = tail.dropFirst(marker.length)
            } else {
                out.append("(")
                rest = tail.dropFirst()
            }
        }
        out += rest
        return out
    }

    /// Resolves a marker at the start of `following` for `filled`, the text a placeholder produced.
    /// Returns the resolved particle and how many characters of `following` it replaces, or nil.
    static func resolveMarker(after filled: String, following: Substring) -> (text: String, length: Int)? {
        guard let marker = marker(at: following), let ending = ending(of: filled) else { return nil }
        return (form(of: marker, after: ending), marker.length)
    }

    /// How `text` ends when read aloud, or nil when the reading cannot be known.
    public static func ending(of text: String) -> Ending? {
        var scalars = Array(text.unicodeScalars)
        // A parenthesised addition is not what the particle attaches to: "서부(65%)는" follows
        // "서부" (Korean orthography). When the word before it cannot be read (a Latin word), the
        // addition's own reading is the best guess left.
        if let last = scalars.last, let opener = bracketPairs[last], let open = scalars.lastIndex(of: opener), open > 0 {
            var before = Array(scalars[..<open])
            while before.last == " " { before.removeLast() }
            var outside = ""
            outside.unicodeScalars.append(contentsOf: before)
            if let ending = ending(of: outside) { return ending }
        }
        while let last = scalars.last, closers.contains(last) { scalars.removeLast() }
        guard let last = scalars.last else { return nil }
        if let currency = currencyEnding(scalars) { return currency }
        if isHangulSyllable(last) {
            let final = (last.value - 0xAC00) % 28  // syllable = 0xAC00 + (initial*21 + medial)*28 + final
            if final == 0 { return .vowel }
            return final == 8 ? .rieul : .consonant
        }
        switch last {
        case "%", "％": return .vowel  // 퍼센트
        case "‰": return .rieul  // 퍼밀
        default: break
        }
        if asciiDigit(last) != nil { return numberEnding(scalars) }
        if isASCIILetter(last) { return acronymEnding(scalars) }
        return nil
    }

    /// Brackets whose content the particle skips, by closing bracket.
    static let bracketPairs: [Unicode.Scalar: Unicode.Scalar] = [")": "(", "）": "（", "]": "["]

    /// Closing quotes and brackets are not read, so the text before them decides.
    static let closers: Set<Unicode.Scalar> = [")", "]", "}", "\"", "'", "’", "”", "」", "』", "》", "〉", "）", "】"]

    static func isHangulSyllable(_ c: Character) -> Bool {
        c.unicodeScalars.count == 1 && c.unicodeScalars.first.map(isHangulSyllable) == true
    }

    static func isHangulSyllable(_ s: Unicode.Scalar) -> Bool { s.value >= 0xAC00 && s.value <= 0xD7A3 }

    static func asciiDigit(_ s: Unicode.Scalar) -> Int? {
        s.value >= 0x30 && s.value <= 0x39 ? Int(s.value - 0x30) : nil
    }

    static func isASCIILetter(_ s: Unicode.Scalar) -> Bool {
        (s.value >= 0x41 && s.value <= 0x5A) || (s.value >= 0x61 && s.value <= 0x7A)
    }

    /// Sino-Korean readings of the digits: 영 일 이 삼 사 오 육 칠 팔 구.
    static let digitEndings: [Ending] = [.consonant, .rieul, .vowel, .consonant, .vowel, .vowel, .consonant, .rieul, .rieul, .vowel]

    /// The reading of the number that ends `scalars`: the last digit after a decimal point, else the
    /// last digit or, after trailing zeros, the power of ten read last (십, 백, 천, 만, 억, 조, 경).
    static func numberEnding(_ scalars: [Unicode.Scalar]) -> Ending? {
        var digits: [Int] = []  // the integer's digits, last first
        var i = scalars.count - 1
        while i >= 0 {
            let s = scalars[i]
            if let d = asciiDigit(s) {
                digits.append(d)
            } else if s == "." && i > 0 && asciiDigit(scalars[i - 1]) != nil {
                // A decimal: the last digit after the point is read last ("3.5" → 오).
                guard let lastDigit = asciiDigit(scalars[scalars.count - 1]) else { return nil }
                return digitEndings[lastDigit]
            } else if s != "," {
                break
            }
            i -= 1
        }
        guard let zeros = digits.firstIndex(where: { $0 != 0 }) else { return .consonant }  // 영
        if zeros == 0 { return digitEndings[digits[0]] }
        if zeros < 4 { return .consonant }  // 십 ㅂ, 백 ㄱ, 천 ㄴ
        switch zeros / 4 {
        case 1, 2: return .consonant  // 만, 억
        case 3: return .vowel  // 조
        case 4: return .consonant  // 경
        default: return nil
        }
    }

    /// Korean letter names: only L (엘), R (알), M (엠) and N (엔) end in a consonant.
    static func acronymEnding(_ scalars: [Unicode.Scalar]) -> Ending? {
        var i = scalars.count - 1
        while i >= 0, isASCIILetter(scalars[i]) { i -= 1 }
        let word = scalars[(i + 1)...]
        guard let last = word.last else { return nil }
        // A lowercase letter means a word read as a word: the loanword rules of EnglishReading.
        guard word.allSatisfy({ $0.value >= 0x41 && $0.value <= 0x5A }) else {
            var lower = ""
            lower.unicodeScalars.append(contentsOf: word.map { $0.value <= 0x5A ? Unicode.Scalar($0.value + 0x20) ?? $0 : $0 })
            return EnglishReading.ending(of: lower)
        }
        switch last {
        case "L", "R": return .rieul
        case "M", "N": return .consonant
        default: return .vowel
        }
    }

    /// Currency symbols written before an amount are read after it: "US$1,200" is 천이백 달러.
    static let currencyReadings: [(symbol: String, ending: Ending)] = [
        ("US$", .vowel), ("CN¥", .consonant), ("JP¥", .consonant), ("HK$", .vowel), ("A$", .vowel), ("CA$", .vowel),
        ("$", .vowel), ("₩", .consonant), ("￦", .consonant), ("€", .vowel), ("£", .vowel), ("¥", .consonant), ("￥", .consonant),
    ]

    /// `currencyReadings`' symbols as scalars.
    private static let currencyScalars: [(symbol: [Unicode.Scalar], ending: Ending)] =
        currencyReadings.map { (Array($0.symbol.unicodeScalars), $0.ending) }

    /// The reading of an amount after a currency symbol ("$5", "-₩300"), the last word of `scalars`.
    /// Compared scalar by scalar: none of the symbols takes a combining mark, and a mark after one
    /// is no digit, so this is the comparison of characters without making them.
    static func currencyEnding(_ scalars: [Unicode.Scalar]) -> Ending? {
        var start = scalars.count
        while start > 0, !scalars[start - 1].properties.isWhitespace { start -= 1 }
        while start < scalars.count, scalars[start] == "-" || scalars[start] == "+" || scalars[start] == "−" { start += 1 }
        // A word that starts with a digit or a letter has no symbol before its amount.
        guard start < scalars.count, asciiDigit(scalars[start]) == nil, !isHangulSyllable(scalars[start]) else { return nil }
        for (symbol, ending) in currencyScalars where scalars.count - start > symbol.count {
            guard scalars[start..<(start + symbol.count)].elementsEqual(symbol) else { continue }
            if asciiDigit(scalars[start + symbol.count]) != nil { return ending }
        }
        return nil
    }
}
