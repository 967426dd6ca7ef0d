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
                var asked = max(2, Int(plotWidth / 110))
                var time = TimeTicks.nice(from: domain.lowerBound, to: domain.upperBound, zone: chart.x.zone, count: asked)
                // Two ticks at least, so that the axis shows its scale: a narrow plot's one month may not.
                while time.values.count < 2, asked < 10 {
                    asked += 1
                    time = TimeTicks.nice(from: domain.lowerBound, to: domain.upperBound, zone: chart.x.zone, count: asked)
                }
                for (v, style) in zip(time.values, time.styles) {
                    let text = language.typeset(formats.date(millis: v, style: style, zone: chart.x.zone))
                    ticks.append((x.position(v, left: l.plotLeft, right: l.plotRight), text))
                }
            } else {
                let values = numberTicks(domain, count: max(2, Int(plotWidth / 90)), barStep: chart.mark == .bar ? x.step : nil)
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
            guard tick.position - half >= lastRight + 8, tick.position - half >= 2, tick.position + half <= width - 2 else { continue }
            kept.append(tick)
            lastRight = tick.position + half
        }
        return kept
    }

    /// Round ticks inside `domain`, about `count` of them, more asked for while fewer than two fall
    /// inside (a narrow plot's two round ticks can both lie outside it). For bars never finer than
    /// the bars' step, which would name x values that no bar stands for: then the bars' own x.
    func numberTicks(_ domain: ClosedRange<Double>, count: Int, barStep: Double?) -> [Double] {
        var asked = count
        var values = AxisTicks.nice(low: domain.lowerBound, high: domain.upperBound, count: asked).filter { domain.contains($0) }
        while values.count < 2, asked < count + 8 {
            asked += 1
            values = AxisTicks.nice(low: domain.lowerBound, high: domain.upperBound, count: asked).filter { domain.contains($0) }
        }
        guard let step = barStep, step > 0, values.count > 1, values[1] - values[0] < step * (1 - 1e-9) else { return values }
        let xs = Array(Set(data.series.flatMap { $0.x.filter(\.isFinite) })).sorted()
        let every = max(1, Int((Double(xs.count) / Double(count)).rounded(.up)))
        return xs.enumerated().filter { $0.offset % every == 0 }.map(\.element)
    }

    func axes(_ w: inout SVGWriter, l: Layout, scale: ValueScale, x: PositionScale) {
        let n = SVGWriter.number
        if !l.panel {
            w.element("text", [("class", "ink"), ("x", n(Self.margin)), ("y", n(l.yTitleY)), ("fill", Self.ink)], content: yAxisTitle)
        }
        for t in Self.yTicksThatFit(scale.ticks, height: l.plotBottom - l.plotTop) {
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
        if !l.panel {
            w.element("text", [("class", "ink"), ("x", n((l.plotLeft + l.plotRight) / 2)), ("y", n(l.plotBottom + Self.textSize + Self.tickSize + 14)),
                               ("text-anchor", "middle"), ("fill", Self.ink)], content: names.xTitleWithUnit)
        }
    }

    /// The y ticks whose labels stay a line apart in a plot of `height`: every other one, or every
    /// fourth, when they would crowd (a small panel), always keeping the first.
    static func yTicksThatFit(_ ticks: [Double], height: Double) -> [Double] {
        guard ticks.count > 1 else { return ticks }
        var step = 1
        while step < ticks.count - 1, height / Double(ticks.count - 1) * Double(step) < tickSize + 8 { step *= 2 }
        return ticks.enumerated().filter { $0.offset % step == 0 }.map(\.element)
    }

    /// Reference lines at the chart's thresholds, each labelled with its name and value.
    func thresholds(_ w: inout SVGWriter, l: Layout, scale: ValueScale) {
        let n = SVGWriter.number
        let values = YValueText(facts: YAxisFacts(unit: chart.y.unit, series: data.series.map(\.y)), language: language)
        for threshold in chart.y.thresholds where scale.domain.contains(threshold.value) {
            let y = scale.position(threshold.value, top: l.plotTop, bottom: l.plotBottom)
            w.element("path", [("class", "ref"), ("d", "M\(n(l.plotLeft)) \(n(y))H\(n(l.plotRight))"), ("stroke", Self.ink),
                               ("stroke-width", "1.2"), ("stroke-dasharray", "6 4")])
            if l.panel { continue }
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
        for k in drawingOrder {
            let s = data.series[k]
            // A quiet series (highlight layout): a thin grey line, grey bars or small grey dots.
            let style = self.style(of: k)
            let stroke = style.map { "c\($0.index)" } ?? "quiet", fillClass = style.map { "f\($0.index)" } ?? "quietfill"
            let colour = style?.colour.light ?? Self.quiet.light
            let xs = s.x.map { x.position($0 + x.shift, left: l.plotLeft, right: l.plotRight) }
            let ys = s.y.map { $0.isFinite ? scale.position($0, top: l.plotTop, bottom: l.plotBottom) : Double.nan }
            let tips = labels.flatMap { $0.indices.contains(k) ? $0[k] : nil }
            switch chart.mark {
            case .bar:
                let group = barGroupWidth(band)
                let barWidth = group / Double(data.series.count)
                let fill = barFill(style)
                noData(&w, xs: xs, ys: ys, left: { xs[$0] - group / 2 + Double(k) * barWidth }, width: barWidth, baseY: baseY)
                for i in s.y.indices where ys[i].isFinite {
                    let left = xs[i] - group / 2 + Double(k) * barWidth
                    // A bar of zero is a 2-pixel bar on the baseline: drawn, unlike a missing one.
                    let top = s.y[i] == 0 ? baseY - 2 : min(ys[i], baseY), bottom = max(ys[i], baseY)
                    let attributes: [(String, String?)] = [
                        ("class", [fill.className, stroke].compactMap { $0 }.joined(separator: " ")), ("x", n(left + 0.3)), ("y", n(top)),
                        ("width", n(max(barWidth - 0.6, 0.5))), ("height", n(max(bottom - top, 0.5))), ("fill", fill.fill),
                        ("stroke", colour), ("stroke-width", "1"), ("stroke-dasharray", style?.dash),
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
                    if style != nil { w.element("path", [("class", "\(fillClass) area"), ("d", d), ("fill", colour), ("fill-opacity", "0.16")]) }
                }
                var d = ""
                for run in runs {
                    // A lone point between gaps is a dot, since a path of one point draws nothing.
                    if run.count == 1, let i = run.first { d += "M\(n(xs[i] - 1)) \(n(ys[i]))h2"; continue }
                    d += run.enumerated().map { ($0.offset == 0 ? "M" : "L") + "\(n(xs[$0.element])) \(n(ys[$0.element]))" }.joined()
                }
                w.element("path", [("class", stroke), ("d", d), ("fill", "none"), ("stroke", colour), ("stroke-width", n(style?.weight ?? 1)),
                                   ("stroke-linejoin", "round"), ("stroke-linecap", "round"), ("stroke-dasharray", style?.dash)])
                guard let style else { break }
                // A lone point between gaps also gets its series' marker: its 2-pixel dot is hard to see.
                let lone = runs.filter { $0.count == 1 }.compactMap(\.first)
                let chosen = Array(Set(Self.markerIndices(count: s.count, finite: ys.map(\.isFinite), series: k, of: data.series.count))
                    .union(lone)).sorted()
                let d2 = chosen.map { style.markerPath(x: xs[$0], y: ys[$0], r: 4, number: n) }.joined()
                if !d2.isEmpty {
                    w.element("path", [("class", "\(fillClass) edge"), ("d", d2), ("fill", colour),
                                       ("stroke", SeriesStyle.lightBackground), ("stroke-width", "1")])
                }
            case .point:
                let shape = style ?? SeriesStyle(index: 0)
                let d = s.y.indices.filter { ys[$0].isFinite }.map { shape.markerPath(x: xs[$0], y: ys[$0], r: style == nil ? 2.5 : 4.5, number: n) }
                    .joined()
                guard !d.isEmpty else { break }
                w.element("path", style.map { pointMarker($0, d: d) } ?? [("class", fillClass), ("d", d), ("fill", colour)])
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

extension ChartPicture {
    /// Missing bars (a period without a value): a dashed outline on the baseline, its tooltip and,
    /// over each run of them wide enough, the words "no data"; a bar of zero is a solid sliver instead.
    func noData(_ w: inout SVGWriter, xs: [Double], ys: [Double], left: (Int) -> Double, width: Double, baseY: Double) {
        let n = SVGWriter.number
        let label = names.render("figure.noData", [])
        let missing = ys.indices.filter { !ys[$0].isFinite && xs[$0].isFinite }
        guard !missing.isEmpty else { return }
        for i in missing {
            w.open("rect", [("class", "nodata"), ("x", n(left(i) + 0.8)), ("y", n(baseY - 10)), ("width", n(max(width - 1.6, 1))),
                            ("height", "10"), ("fill", "none"), ("stroke", Self.muted), ("stroke-width", "1"), ("stroke-dasharray", "2 2")])
            w.element("title", content: label)
            w.close("rect")
        }
        // Runs of consecutive missing bars, labelled where the words fit above them.
        var runs: [[Int]] = []
        for i in missing {
            if let last = runs.last?.last, last == i - 1 { runs[runs.count - 1].append(i) } else { runs.append([i]) }
        }
        let labelWidth = Self.textWidth(label, size: Self.tickSize)
        var labelled = false
        for (r, run) in runs.enumerated() {
            guard let first = run.first, let last = run.last else { continue }
            let a = left(first), b = left(last) + width
            // Narrow runs share one label, over the first of them, on a halo over the bars around it.
            guard b - a >= labelWidth + 4 || (r == runs.count - 1 && !labelled) else { continue }
            labelled = true
            // Above the bars on either side of the run, so that the words cover none of them.
            let centre = (a + b) / 2, reach = labelWidth / 2 + width
            let around = ys.indices.filter { ys[$0].isFinite && abs(left($0) + width / 2 - centre) < reach }.map { ys[$0] }
            let y = min(baseY - 14, (around.min() ?? baseY) - 6)
            w.element("text", [("class", "muted edge"), ("x", n((a + b) / 2)), ("y", n(max(y, 12))), ("text-anchor", "middle"),
                               ("font-size", n(Self.tickSize)), ("fill", Self.muted), ("stroke", SeriesStyle.lightBackground),
                               ("stroke-width", "3"), ("paint-order", "stroke")], content: label)
        }
    }

    /// Whether a bar is missing anywhere (the legend then explains the dashed outline).
    var hasMissingBars: Bool {
        chart.mark == .bar && data.series.contains { s in s.y.indices.contains { !s.y[$0].isFinite && s.x[$0].isFinite } }
    }

    /// A point mark's markers: filled for the first six styles, hollow (outlined) for the second six,
    /// so that points differ in fill as well as shape between the two halves.
    func pointMarker(_ style: SeriesStyle, d: String) -> [(String, String?)] {
        let k = style.index
        if style.weight < 2 {
            return [("class", "c\(k)"), ("d", d), ("fill", "none"), ("stroke", style.colour.light), ("stroke-width", "1.8")]
        }
        return [("class", "f\(k) edge"), ("d", d), ("fill", style.colour.light), ("stroke", SeriesStyle.lightBackground), ("stroke-width", "1")]
    }
}

extension RandomAccessCollection where Index == Int {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
