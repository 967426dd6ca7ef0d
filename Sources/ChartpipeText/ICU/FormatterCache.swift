import ChartpipeLock

/// Opened ICU formatters, one per (locale, skeleton), shared by every thread.
///
/// Opening a number formatter parses its skeleton and loads locale data (tens of microseconds);
/// formatting with a cached one is a few microseconds, so every formatter is opened once.
package final class FormatterCache: Sendable {
    package static let shared = FormatterCache()

    private let numbers = Locked<[String: NumberSkeletonFormatter]>([:])
    private let plurals = Locked<[String: PluralRules]>([:])
    private let dates = Locked<[String: DateSkeletonFormatter]>([:])
    private let lists = Locked<[String: ListPatternFormatter]>([:])
    /// The `precision-integer` formatter of each locale (one of `numbers`), found without a key to build.
    private let integerFormatters = Locked<[String: NumberSkeletonFormatter]>([:])

    func number(locale: String, skeleton: String) throws(ICUError) -> NumberSkeletonFormatter {
        let key = locale + "\u{0}" + skeleton
        if let cached = numbers.withLock({ $0[key] }) { return cached }
        // Opened outside the lock: two threads may both open one, and the first stored wins.
        let opened = try NumberSkeletonFormatter(locale: locale, skeleton: skeleton)
        return numbers.withLock { cache in
            if let cached = cache[key] { return cached }
            cache[key] = opened
            return opened
        }
    }

    /// `number(locale:skeleton: "precision-integer sign-negative")`, kept per locale.
    func integers(locale: String) -> NumberSkeletonFormatter? {
        if let cached = integerFormatters.withLock({ $0[locale] }) { return cached }
        guard let formatter = try? number(locale: locale, skeleton: "precision-integer sign-negative") else { return nil }
        integerFormatters.withLock { $0[locale] = formatter }
        return formatter
    }

    func plural(locale: String) throws(ICUError) -> PluralRules {
        if let cached = plurals.withLock({ $0[locale] }) { return cached }
        let opened = try PluralRules(locale: locale)
        return plurals.withLock { cache in
            if let cached = cache[locale] { return cached }
            cache[locale] = opened
            return opened
        }
    }

    func date(locale: String, skeleton: String, zone: String) throws(ICUError) -> DateSkeletonFormatter {
        let key = locale + "\u{0}" + skeleton + "\u{0}" + zone
        if let cached = dates.withLock({ $0[key] }) { return cached }
        let opened = try DateSkeletonFormatter(locale: locale, skeleton: skeleton, zone: zone)
        return dates.withLock { cache in
            if let cached = cache[key] { return cached }
            cache[key] = opened
            return opened
        }
    }

    /// How many formatters the cache holds: with `TextWork`, tests check that none was opened twice.
    package var count: Int {
        numbers.withLock(\.count) + plurals.withLock(\.count) + dates.withLock(\.count) + lists.withLock(\.count)
    }

    /// Forgets every formatter, so that a test can count the ones a piece of work opens.
    package func removeAll() {
        numbers.withLock { $0.removeAll() }
        plurals.withLock { $0.removeAll() }
        dates.withLock { $0.removeAll() }
        lists.withLock { $0.removeAll() }
        integerFormatters.withLock { $0.removeAll() }
    }

    func list(locale: String, conjunction: ListConjunction) throws(ICUError) -> ListPatternFormatter {
        let key = locale + "\u{0}" + conjunction.rawValue
        if let cached = lists.withLock({ $0[key] }) { return cached }
        let opened = try ListPatternFormatter(locale: locale, conjunction: conjunction)
        return lists.withLock { cache in
            if let cached = cache[key] { return cached }
            cache[key] = opened
            return opened
        }
    }
}

extension FormatterCache {
    /// The text of `value` for `locale` and a number skeleton, as ICU writes it and as the formatter
    /// writes it (nil `shortcut` when the formatter always asks ICU): tests check that they agree.
    package func numberTexts(locale: String, skeleton: String, _ value: Double) -> (icu: String?, shortcut: String?) {
        guard let formatter = try? number(locale: locale, skeleton: skeleton) else { return (nil, nil) }
        return (formatter.icuText(value), formatter.hasShortcut ? formatter.format(value) : nil)
    }
}

extension FormatterCache {
    /// The text of an instant for `locale`, a date skeleton and a zone, as ICU writes it and as the
    /// formatter writes it (nil `shortcut` when the formatter always asks ICU).
    package func dateTexts(locale: String, skeleton: String, zone: String, _ millis: Double) -> (icu: String?, shortcut: String?) {
        guard let formatter = try? date(locale: locale, skeleton: skeleton, zone: zone) else { return (nil, nil) }
        return (formatter.icuText(millis: millis), formatter.hasShortcut ? formatter.format(millis: millis) : nil)
    }

    /// The pattern ICU chose for a date skeleton, for messages of tests.
    package func datePattern(locale: String, skeleton: String, zone: String) -> String? {
        (try? date(locale: locale, skeleton: skeleton, zone: zone))?.pattern
    }
}
