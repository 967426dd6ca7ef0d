import ChartpipeCore
import ChartpipeText

/// Values, amounts and rates of a chart as its sentences say them: units, counters, verbs.
extension ChartDescriber {
    // MARK: Values and amounts

    /// A value as a reader hears it: with its unit, and a count with the language's counter.
    func value(_ v: Double) -> String { value(v, amount: false) }

    /// A value; an `amount` (a threshold, a change, a bound the pipeline set) drops needless cents.
    func value(_ v: Double, amount: Bool) -> String {
        let text = y.text(v, trimmingCents: amount)
        guard kind == .count && v.isFinite else { return text }
        return counted(text)
    }

    /// A count with its counter: the chart's own (`describe.count.<id>`: "3,738회") or the language's
    /// general one, which Korean and Japanese leave out, as English does (a number of members is not
    /// "5개"); Chinese writes 个.
    func counted(_ text: String) -> String {
        // Korean spaces a counter after a number written with Hangul units ("760만 1천 명", "3,738명").
        let spaced = language.language == "ko" && KoreanCounters.spaced(after: text)
        let out = say(countKey, [t(spaced ? text + " " : text)])
        return spaced && out.hasSuffix(" ") ? String(out.dropLast()) : out
    }

    /// A statistic of the values (mean, median): money without minor units keeps two decimals below 100.
    func statistic(_ v: Double) -> String {
        kind == .count ? value(v) : y.statistic(v)
    }

    /// The standard deviation: a spread of percentages is in percentage points, of temperatures in
    /// degrees (the scale was named with the mean: "표준편차는 9.47도", never "화씨 9.47도", which
    /// reads as a temperature), and of counts without the general counter ("标准差为2.8", not "2.8个").
    func spread(_ v: Double) -> String {
        switch kind {
        case .percentage: return percentagePoints(v)
        case .temperature: return degrees(v, precision: .maxFractionDigits(2))
        case .count where countKey == "count": return y.text(v)
        default: return statistic(v)
        }
    }

    /// A difference of temperatures in degrees, without the scale ("4 degrees", "4도", "4度").
    func degrees(_ v: Double, precision: NumberPrecision) -> String {
        let text = formats.nonZeroNumber(v, precision: precision)
        return say("degrees", [.number(text, value: v, fractionDigits: text.contains(".") ? 1 : 0)])
    }

    /// An event's place on the x axis as a sentence says it: "in 2009", "on June 12", "at 5 hours".
    func when(_ xv: Double) -> String {
        say("when." + x.when.rawValue, [t(x.text(xv))])
    }

    /// The verb of a change of this chart's values: prices rise and fall, counts increase and decrease.
    func verb(rising: Bool) -> String {
        say("verb.\(rising ? "rise" : "fall").\(verbKind)", [])
    }

    /// The size of a change without its sign, or nil when it would only repeat the last value (a
    /// change from 0). A percentage changes by percentage points; a rise to three times or more
    /// is a multiple ("13.5-fold"), as newspapers write it.
    /// `standalone`: the amount stands alone, in brackets (a multiple as a noun: "3.5倍", not "3.5倍に").
    func amount(_ change: TrendChange, from first: Double, to last: Double, standalone: Bool = false) -> String? {
        if kind == .percentage { return percentagePoints(abs(change.absolute)) }
        if let percent = change.percent, y.hasTrueZero {
            if percent >= 200, first > 0 {
                return say(standalone ? "multiple.noun" : "multiple", [t(formats.number(last / first, precision: .maxFractionDigits(1)))])
            }
            return formats.percent(abs(percent))
        }
        if first == 0 { return nil }
        // A change of temperature is in degrees: the scale was named with the values ("rose 4 degrees").
        if kind == .temperature { return degrees(abs(change.absolute), precision: .maxFractionDigits(2)) }
        return value(abs(change.absolute), amount: true)
    }

    /// Whether `amount` says this change as a multiple ("3.5-fold").
    func isMultiple(_ change: TrendChange, from first: Double) -> Bool {
        kind != .percentage && y.hasTrueZero && (change.percent ?? 0) >= 200 && first > 0
    }

    /// A rate (a slope) without its sign.
    func rate(_ value: Double) -> String {
        let size = abs(value)
        if kind == .percentage { return percentagePoints(size, precision: YValueText.rateDigits(size)) }
        // A rate of temperatures is a difference: in degrees, as changes are ("0.082 degrees per day").
        if kind == .temperature { return degrees(size, precision: YValueText.rateDigits(size)) }
        let text = y.rate(size)
        return kind == .count ? counted(text) : text
    }

    func percentagePoints(_ value: Double, precision: NumberPrecision = .maxFractionDigits(1)) -> String {
        // A change that is not zero never reads as zero ("0.04 percentage points", never "0").
        let text = formats.nonZeroNumber(value, precision: precision)
        // Only whether a fraction is shown matters to the plural ("1 percentage point", "1.5 percentage points").
        return say("percentPoints", [.number(text, value: value, fractionDigits: text.contains(".") ? 1 : 0)])
    }

    /// The ends of a change or a range, the unit said once where the language does ("from 67 to 68
    /// degrees Fahrenheit"); counts keep their counters on both.
    func fromTo(_ a: Double, _ b: Double, amount: Bool = false) -> [TemplateArgument] {
        if amount { return [t(value(a, amount: amount)), t(value(b, amount: amount))] }
        // Two values that differ never read alike ("1.27亿" and "1.27亿"): each gets the digits that tell them apart.
        if kind == .count {
            let (first, second) = y.apart(a, b)
            return [t(a.isFinite ? counted(first) : first), t(b.isFinite ? counted(second) : second)]
        }
        let (first, second) = y.ends(a, b)
        return [t(first), t(second)]
    }
}
