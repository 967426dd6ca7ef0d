import ChartpipeCore
import ChartpipeText

extension ChartPicture {
    // MARK: Axes

    /// The x axis's ticks as positions and labels: every category (thinned where they would
    /// overlap), calendar ticks in the chart's zone for time, round numbers otherwise.
    func xTicks(_ x: PositionScale, l: Layout) -> [(position: Double, label: String)] {
        let plotWidth = l.plotRight - l.plotLeft
        var ticks: [(position: Double, label: String)] = []
        switch x.kind {
        case .band:
            for (i, category) in data.categories.enumerated() {
                ticks.append((x.position(Double(i), left: l.plotLeft, right: l.plotRight), names.text(category)))
            }
        case let .linear(domain):
            if data.xType == .time {
                let time = TimeTicks.nice(from: domain.lowerBound, to: domain.upperBound, zone: chart.x.zone,
                                          count: max(2, Int(plotWidth / 110)))
                for (v, style) in zip(time.values, time.styles) {
                    let text = language.typeset(formats.date(millis: v, style: style, zone: chart.x.zone))
                    ticks.append((x.position(v, left: l.plotLeft, right: l.plotRight), text))
                }
            } else {
                let values = AxisTicks.nice(low: domain.lowerBound, high: domain.upperBound, count: max(2, Int(plotWidth / 90)))
                    .filter { domain.contains($0) }
                let digits = AxisTicks.fractionDigits(values)
                for v in values {
                    let text = xFacts.isYearLike && v == v.rounded() ? String(Int(v)) : formats.number(v, precision: .fractionDigits(digits))
                    ticks.append((x.position(v, left: l.plotLeft, right: l.plotRight), text))
                }
            }
        }
        // Labels that would touch the one before are left out, so none overlaps.
        var kept: [(position: Double, label: String)] = []
        var lastRight = -Double.infinity
        for tick in ticks {
            let half = Self.textWidth(tick.label, size: Self.tickSize) / 2
            guard tick.position - half >= lastRight + 8, tick.position + half <= width - 2 else { continue }
            kept.append(tick)
            lastRight = tick.position + half
        }
        return kept
    }

    func axes(_ w: inout SVGWriter, l: Layout, scale: ValueScale, x: PositionScale) {
        let n = SVGWriter.number
        w.element("text", [("class", "ink"), ("x", n(Self.margin)), ("y", n(l.yTitleY)), ("fill", Self.ink)], content: names.yTitleWithUnit)
        for t in scale.ticks {
            let y = scale.position(t, top: l.plotTop, bottom: l.plotBottom)
            w.element("path", [("class", "grid"), ("d", "M\(n(l.plotLeft)) \(n(y))H\(n(l.plotRight))"), ("stroke", Self.grid)])
            w.element("text", [("class", "muted"), ("x", n(l.plotLeft - 8)), ("y", n(y + 4)), ("text-anchor", "end"),
                               ("font-size", n(Self.tickSize)), ("fill", Self.muted)], content: yTickLabel(t, ticks: scale.ticks))
        }
        // The zero baseline of bars and areas, and the x axis along the bottom.
        let base = fromZero ? scale.position(scale.baseline, top: l.plotTop, bottom: l.plotBottom) : l.plotBottom
        w.element("path", [("class", "axis"), ("d", "M\(n(l.plotLeft)) \(n(base))H\(n(l.plotRight))"), ("stroke", Self.ink),
                           ("stroke-width", "1.2")])
        if base != l.plotBottom {
            w.element("path", [("class", "axis"), ("d", "M\(n(l.plotLeft)) \(n(l.plotBottom))H\(n(l.plotRight))"), ("stroke", Self.ink),
                               ("stroke-width", "0.6")])
        }
        for tick in xTicks(x, l: l) {
            w.element("path", [("class", "axis"), ("d", "M\(n(tick.position)) \(n(l.plotBottom))v5"), ("stroke", Self.ink)])
            w.element("text", [("class", "muted"), ("x", n(tick.position)), ("y", n(l.plotBottom + 18)), ("text-anchor", "middle"),
                               ("font-size", n(Self.tickSize)), ("fill", Self.muted)], content: tick.label)
        }
        w.element("text", [("class", "ink"), ("x", n((l.plotLeft + l.plotRight) / 2)), ("y", n(height - Self.margin)),
                           ("text-anchor", "middle"), ("fill", Self.ink)], content: names.xTitleWithUnit)
    }

    /// Reference lines at the chart's thresholds, each labelled with its name and value.
    func thresholds(_ w: inout SVGWriter, l: Layout, scale: ValueScale) {
        let n = SVGWriter.number
        let values = YValueText(facts: YAxisFacts(unit: chart.y.unit, series: data.series.map(\.y)), language: language)
        for threshold in chart.y.thresholds where scale.domain.contains(threshold.value) {
            let y = scale.position(threshold.value, top: l.plotTop, bottom: l.plotBottom)
            w.element("path", [("class", "ref"), ("d", "M\(n(l.plotLeft)) \(n(y))H\(n(l.plotRight))"), ("stroke", Self.ink),
                               ("stroke-width", "1.2"), ("stroke-dasharray", "6 4")])
            let label = names.render("figure.threshold", [.text(names.text(threshold.name)), .text(values.text(threshold.value))])
            w.element("text", [("class", "ink edge"), ("x", n(l.plotRight - 4)), ("y", n(y - 6)), ("text-anchor", "end"),
                               ("font-size", n(Self.tickSize)), ("fill", Self.ink), ("stroke", SeriesStyle.lightBackground),
                               ("stroke-width", "3"), ("paint-order", "stroke")], content: label)
        }
    }

    // MARK: Marks

    /// Which points of a line carry a marker: all of a short series, else about a dozen spread
    /// along it (shifted per series so that markers of several series do not sit on each other),
    /// and the last point, where the label is.
    static func markerIndices(count: Int, finite: [Bool], series k: Int, of total: Int) -> [Int] {
        guard count > 24 else { return (0..<count).filter { finite[$0] } }
        let step = (count + 11) / 12
        let offset = total > 0 ? k * step / total : 0
        var out = (0..<count).filter { finite[$0] && ($0 + step - offset) % step == 0 }
        if let last = finite.lastIndex(of: true), out.last != last { out.append(last) }
        return out
    }

    func marks(_ w: inout SVGWriter, l: Layout, scale: ValueScale, x: PositionScale) {
        let n = SVGWriter.number
        let baseY = scale.position(scale.baseline, top: l.plotTop, bottom: l.plotBottom)
        let band = x.bandWidth(l.plotRight - l.plotLeft)
        w.open("g", [("clip-path", "url(#\(id)-plot)")])
        for (k, s) in data.series.enumerated() {
            let style = SeriesStyle(index: k)
            let xs = s.x.map { x.position($0, left: l.plotLeft, right: l.plotRight) }
            let ys = s.y.map { $0.isFinite ? scale.position($0, top: l.plotTop, bottom: l.plotBottom) : Double.nan }
            let tips = labels.flatMap { $0.indices.contains(k) ? $0[k] : nil }
            switch chart.mark {
            case .bar:
                let group = barGroupWidth(band)
                let barWidth = group / Double(data.series.count)
                let fill = barFill(style)
                for i in s.y.indices where ys[i].isFinite {
                    let left = xs[i] - group / 2 + Double(k) * barWidth
                    let top = min(ys[i], baseY), bottom = max(ys[i], baseY)
                    let attributes: [(String, String?)] = [
                        ("class", [fill.className, "c\(k)"].compactMap { $0 }.joined(separator: " ")), ("x", n(left + 0.3)), ("y", n(top)),
                        ("width", n(max(barWidth - 0.6, 0.5))), ("height", n(max(bottom - top, 0.5))), ("fill", fill.fill),
                        ("stroke", style.colour.light), ("stroke-width", "0.6"),
                    ]
                    if let tip = tips?[safe: i] {
                        w.open("rect", attributes)
                        w.element("title", content: tip)
                        w.close("rect")
                    } else {
                        w.element("rect", attributes)
                    }
                }
            case .line, .area:
                var runs: [[Int]] = []
                for i in s.y.indices {
                    if ys[i].isFinite {
                        if runs.isEmpty || !(i > 0 && ys[i - 1].isFinite) { runs.append([]) }
                        runs[runs.count - 1].append(i)
                    }
                }
                if chart.mark == .area {
                    var d = ""
                    for run in runs {
                        guard let first = run.first, let last = run.last else { continue }
                        d += "M\(n(xs[first])) \(n(baseY))" + run.map { "L\(n(xs[$0])) \(n(ys[$0]))" }.joined() + "L\(n(xs[last])) \(n(baseY))Z"
                    }
                    w.element("path", [("class", "f\(k) area"), ("d", d), ("fill", style.colour.light), ("fill-opacity", "0.16")])
                }
                var d = ""
                for run in runs {
                    // A lone point between gaps is a dot, since a path of one point draws nothing.
                    if run.count == 1, let i = run.first { d += "M\(n(xs[i] - 1)) \(n(ys[i]))h2"; continue }
                    d += run.enumerated().map { ($0.offset == 0 ? "M" : "L") + "\(n(xs[$0.element])) \(n(ys[$0.element]))" }.joined()
                }
                w.element("path", [("class", "c\(k)"), ("d", d), ("fill", "none"), ("stroke", style.colour.light), ("stroke-width", "2.2"),
                                   ("stroke-linejoin", "round"), ("stroke-linecap", "round"), ("stroke-dasharray", style.dash)])
                // A lone point between gaps also gets its series' marker: its 2-pixel dot is hard to see.
                let lone = runs.filter { $0.count == 1 }.compactMap(\.first)
                let chosen = Array(Set(Self.markerIndices(count: s.count, finite: ys.map(\.isFinite), series: k, of: data.series.count))
                    .union(lone)).sorted()
                let d2 = chosen.map { style.markerPath(x: xs[$0], y: ys[$0], r: 4, number: n) }.joined()
                if !d2.isEmpty {
                    w.element("path", [("class", "f\(k) edge"), ("d", d2), ("fill", style.colour.light),
                                       ("stroke", SeriesStyle.lightBackground), ("stroke-width", "1")])
                }
            case .point:
                let d = s.y.indices.filter { ys[$0].isFinite }.map { style.markerPath(x: xs[$0], y: ys[$0], r: 4.5, number: n) }.joined()
                if !d.isEmpty {
                    w.element("path", [("class", "f\(k) edge"), ("d", d), ("fill", style.colour.light),
                                       ("stroke", SeriesStyle.lightBackground), ("stroke-width", "1")])
                }
            }
            // Tooltips for a pointer: a target around each point holding its label.
            if chart.mark != .bar, let tips, s.count <= 400 {
                w.open("g", [("fill", "transparent")])
                for i in s.y.indices where ys[i].isFinite {
                    guard let tip = tips[safe: i] else { continue }
                    w.open("circle", [("cx", n(xs[i])), ("cy", n(ys[i])), ("r", "7")])
                    w.element("title", content: tip)
                    w.close("circle")
                }
                w.close("g")
            }
        }
        w.close("g")
    }
}

extension RandomAccessCollection where Index == Int {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
