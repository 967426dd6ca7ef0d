import ChartpipeCore
import Foundation

/// UTC offsets of one IANA zone, for wall-clock times that carry no offset.
///
/// Offsets come from Foundation's `TimeZone`; a small cache per local hour keeps that off the hot path.
struct ZoneOffsets {
    private let zone: TimeZone?
    private var cacheHour = [Int64](repeating: .min, count: 64)
    private var cacheOffset = [Int64](repeating: 0, count: 64)

    /// Nil zone means UTC.
    init(zone: TimeZone?) {
        self.zone = zone.flatMap { $0.identifier == "UTC" || $0.identifier == "GMT" ? nil : $0 }
    }

    /// The zone's identifier, for messages.
    var name: String { zone?.identifier ?? "UTC" }

    /// The zone named `identifier`, or an error with a suggestion.
    static func named(_ identifier: String) -> Result<ZoneOffsets, ChartError> {
        if identifier == "UTC" || identifier == "Etc/UTC" || identifier == "GMT" { return .success(ZoneOffsets(zone: nil)) }
        guard let zone = TimeZone(identifier: identifier) else {
            let hint = Suggestion.didYouMean(identifier, in: TimeZone.knownTimeZoneIdentifiers)
            return .failure(ChartError("unknown time zone '\(identifier)'; use an IANA name such as 'Europe/Berlin'\(hint)",
                                       field: "x.zone"))
        }
        return .success(ZoneOffsets(zone: zone))
    }

    /// The instant of a wall-clock time, from the cache of its local hour; nan when the hour holds
    /// a change of offset, so that `placement` decides (the hot path never meets a change).
    @inline(__always)
    mutating func utc(fromLocalMillis local: Int64) -> Double {
        guard zone != nil else { return Double(local) }
        let seconds = local >= 0 ? local / 1000 : (local - 999) / 1000
        let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
        let slot = Int(hour & 63)
        if cacheHour[slot] == hour { return Double(local - cacheOffset[slot] * 1000) }
        if case let .unique(first) = offsets(forLocal: hour * 3600), case let .unique(last) = offsets(forLocal: hour * 3600 + 3599),
           first == last {
            cacheHour[slot] = hour
            cacheOffset[slot] = first
            return Double(local - first * 1000)
        }
        return .nan
    }

    /// Where a wall-clock time falls: one instant, two (an overlap, when the clocks move back), or
    /// none (a gap, when they move forward), with the instant the gap shifts it to.
    enum Placement: Equatable {
        case unique(Double)
        case overlap(earlier: Double, later: Double)
        case gap(shifted: Double)
    }

    func placement(ofLocalMillis local: Int64) -> Placement {
        let seconds = local >= 0 ? local / 1000 : (local - 999) / 1000
        switch offsets(forLocal: seconds) {
        case let .unique(o): return .unique(Double(local - o * 1000))
        case let .overlap(high, low): return .overlap(earlier: Double(local - high * 1000), later: Double(local - low * 1000))
        case let .gap(before): return .gap(shifted: Double(local - before * 1000))
        }
    }

    private enum Offsets {
        case unique(Int64)
        /// Two offsets fit: the larger gives the earlier instant.
        case overlap(high: Int64, low: Int64)
        /// None fits; the offset in force before the gap.
        case gap(before: Int64)
    }

    /// The offsets that place a wall-clock time `local` (seconds): those `o` for which the zone's
    /// offset at `local - o` is `o`. The candidates are the offsets a day before and a day after
    /// (a zone changes at most once in two days), and those around `local` read as UTC.
    private func offsets(forLocal local: Int64) -> Offsets {
        let before = offset(atUTC: local - 86_400), after = offset(atUTC: local + 86_400)
        let a = offset(atUTC: local)
        var fits: [Int64] = []
        for o in [before, after, a, offset(atUTC: local - a)] where !fits.contains(o) && offset(atUTC: local - o) == o {
            fits.append(o)
        }
        guard let high = fits.max(), let low = fits.min() else { return .gap(before: before) }
        return high == low ? .unique(high) : .overlap(high: high, low: low)
    }

    private func offset(atUTC seconds: Int64) -> Int64 {
        guard let zone else { return 0 }
        return Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    }
}
