import ChartpipeChartText
import ChartpipeCore
import ChartpipeJSON
import ChartpipeText

/// One chart drawn as SVG in one locale (SPEC §1 `chart`, §11).
///
/// - Marks: line, area, bar (grouped for several series) and point, gaps left open.
/// - Never colour alone: each series has a colour, a marker shape, a dash and a bar pattern
///   (`SeriesStyle`); series are named by labels at the line ends where they fit, else by a legend.
/// - Light and dark colour schemes (`prefers-color-scheme`) and forced colours, in the SVG's own
///   style sheet, with the light colours also as attributes for renderers without CSS.
/// - Accessibility: `role="img"` named by `<title>` and `<desc>` (the localized title and summary)
///   through `aria-labelledby`; everything drawn is `aria-hidden`; every data-derived string goes
///   through `SVG.text`/`SVG.attribute`; the root carries `lang` and a font stack with CJK glyphs.
/// - No script; the same input gives the same bytes.
struct ChartPicture {
    let chart: ChartSpec
    let data: SeriesSet
    let names: ChartNames
    let title: String
    let summary: String
    /// Point labels of `data`, per series, for the tooltips of sighted mouse users.
    let labels: PointLabels?
    let width: Double
    let height: Double
    /// A prefix that makes the document's ids unique where several charts share a page.
    let id: String
    /// The layout drawn (never `auto`) and the sentence that says so, drawn under the title and
    /// added to the summary, when it is not the plain overlay.
    var arrangement: ChartLayout = .overlay
    var arrangementNote: String?
    /// What a value is when values are folded ("weekly mean"), named on the y axis.
    var aggregate: String?
    /// The width of the bins of a number x that the bars stand for ([x, x + width)), when folded so.
    var binWidth: Double?
    /// In the highlight layout, the series drawn in full (indices into `data.series`), most
    /// important first; the others are drawn quietly in grey. Nil: every series in full.
    var highlight: [Int]?

    /// The series drawn in full, in the order of their styles (all of them but in the highlight layout).
    var namedSeries: [Int] { highlight ?? Array(data.series.indices) }

    /// Series `k`'s style: its own, a highlighted series' by its rank, nil for a quiet one.
    func style(of k: Int) -> SeriesStyle? {
        guard let highlight else { return SeriesStyle(index: k) }
        return highlight.firstIndex(of: k).map(SeriesStyle.init)
    }

    /// The order marks are drawn in: the quiet series first, under the highlighted ones, the most
    /// important last, on top.
    var drawingOrder: [Int] {
        guard let highlight else { return Array(data.series.indices) }
        return data.series.indices.filter { !highlight.contains($0) } + highlight.reversed()
    }

    var yAxisTitle: String {
        guard let aggregate else { return names.yTitleWithUnit }
        return names.render("figure.aggregated", [.text(names.yTitleWithUnit), .text(aggregate)])
    }

    static let titleSize = 18.0, textSize = 13.0, tickSize = 12.0
    static let margin = 16.0

    var language: WrittenLanguage { names.language }
    var formats: LocaleFormats { language.formats }
    var styles: [SeriesStyle] { namedSeries.indices.map(SeriesStyle.init) }

    /// How wide `text` is set at `size` (`TextMetrics`: a per-character advance table).
    static func textWidth(_ text: String, size: Double) -> Double {
        TextMetrics.width(text, size: size)
    }

    /// Below this width the chart is laid out for a phone: the legend goes below the plot.
    static let narrowWidth = 480.0
    /// The plot is never smaller than this: the picture grows taller to make room for a legend.
    static let minimumPlotHeight = 150.0, minimumPlotWidth = 200.0

    // MARK: Layout

    struct Legend {
        let style: SeriesStyle
        /// The name as drawn (shortened with "…" when too long) and in full (its `<title>`).
        let shown: String
        let full: String
        let x: Double
        let y: Double
    }

    /// One small multiple: its series, its box and its plot's edges.
    struct Panel {
        let series: Int
        let left: Double, top: Double, width: Double
        let plotLeft: Double, plotTop: Double, plotRight: Double, plotBottom: Double

        var plot: Layout {
            var l = Layout()
            l.panel = true
            l.plotLeft = plotLeft
            l.plotTop = plotTop
            l.plotRight = plotRight
            l.plotBottom = plotBottom
            return l
        }
    }

    struct Layout {
        var plotLeft = 0.0, plotRight = 0.0, plotTop = 0.0, plotBottom = 0.0
        /// The picture's height: the asked one, or more when the legend needs room.
        var height = 0.0
        var titleSize = ChartPicture.titleSize
        var titleLines: [String] = []
        var subtitleY: Double?
        var legend: [Legend] = []
        var directLabels: [(style: SeriesStyle, name: String, y: Double)] = []
        var yTitleY = 0.0
        /// A small multiple's panel: no axis titles or threshold names (the picture has them once).
        var panel = false
        /// The small multiples' panels: each series' plot and its title's baseline.
        var panels: [Panel] = []
        var noteY: Double?
        var noteLines: [String] = []
    }

    var fromZero: Bool { chart.mark == .bar || chart.mark == .area }

    var valueScale: ValueScale {
        ValueScale(values: data.series.flatMap(\.y), thresholds: chart.y.thresholds.map(\.value), fixed: chart.y.range,
                   fromZero: fromZero)
    }

    var xFacts: XAxisFacts { XAxisFacts(data, zone: chart.x.zone) }

    /// Whether the series need names on the chart: not a single series named for the y axis.
    var namesSeries: Bool { !(data.series.count == 1 && names.seriesIsTheYAxis) }

    func yTickLabel(_ v: Double, ticks: [Double]) -> String {
        if ticks.map(abs).max() ?? 0 >= 10_000 { return formats.compact(v) }
        return formats.number(v, precision: .fractionDigits(AxisTicks.fractionDigits(ticks)))
    }

    /// The legend's items in columns of equal width from `top`, names shortened to `maxName` px.
    func legendItems(top: Double, maxName: Double) -> (items: [Legend], height: Double) {
        let m = Self.margin
        let named = namedSeries
        let shown = named.map { TextMetrics.shortened(names.seriesName($0), size: Self.textSize, maxWidth: maxName) }
        let column = 34 + (shown.map { Self.textWidth($0, size: Self.textSize) }.max() ?? 0) + 18
        let columns = max(1, Int((width - 2 * m + 18) / column))
        var items: [Legend] = []
        for (rank, k) in named.enumerated() {
            let row = Double(rank / columns), col = Double(rank % columns)
            items.append(Legend(style: SeriesStyle(index: rank), shown: shown[rank], full: names.seriesName(k),
                                x: m + col * column, y: top + row * 22 + Self.textSize / 2))
        }
        let rows = (named.count + columns - 1) / columns
        return (items, Double(rows) * 22)
    }

    func layout(scale: ValueScale) -> Layout {
        var l = Layout()
        let m = Self.margin
        let narrow = width < Self.narrowWidth
        // A long title wraps onto a second line rather than shrinking below the text size.
        let y = header(&l)
        let labelWidths = namedSeries.map { Self.textWidth(names.seriesName($0), size: Self.textSize) }
        let tickWidth = scale.ticks.map { Self.textWidth(yTickLabel($0, ticks: scale.ticks), size: Self.tickSize) }.max() ?? 20
        l.plotLeft = m + tickWidth + 8
        let xAxisRoom = m + Self.textSize + Self.tickSize + 14
        l.height = height
        l.plotBottom = height - xAxisRoom
        // Direct labels at the line ends, when each fits beside the others; a legend otherwise.
        let wantsDirect = !narrow && namesSeries && chart.mark.isContinuous && (labelWidths.max() ?? 0) <= width * 0.22
        var legendNeeded = namesSeries && !wantsDirect
        let yTitleLine = Self.textSize + 10
        l.plotTop = y + yTitleLine + 12
        l.plotRight = width - m
        if wantsDirect {
            if let placed = directLabelPositions(scale: scale, top: l.plotTop, bottom: l.plotBottom) {
                l.directLabels = placed
                l.plotRight = width - m - (labelWidths.max() ?? 0) - 22
            } else {
                legendNeeded = true
            }
        }
        if legendNeeded {
            let maxName = max(80, min(width * 0.4, 260) - 34)
            let above = legendItems(top: y + 6, maxName: maxName)
            // Up to two rows above the plot on a wide chart; otherwise below it, where it may take
            // as many rows as it needs while the picture grows to keep the plot's minimum height.
            if !narrow && above.height <= 44 {
                l.legend = above.items
                l.plotTop = y + 6 + above.height + yTitleLine + 12
            } else {
                let probe = legendItems(top: 0, maxName: maxName)
                let needed = l.plotTop + Self.minimumPlotHeight + xAxisRoom + probe.height + 8
                l.height = max(height, needed)
                l.plotBottom = l.height - xAxisRoom - probe.height - 8
                l.legend = legendItems(top: l.plotBottom + xAxisRoom - m + 8, maxName: maxName).items
            }
        }
        if l.plotBottom - l.plotTop < Self.minimumPlotHeight {
            l.height += Self.minimumPlotHeight - (l.plotBottom - l.plotTop)
            let shift = Self.minimumPlotHeight - (l.plotBottom - l.plotTop)
            l.plotBottom += shift
            let top = l.plotTop
            l.legend = l.legend.map { $0.y > top ? Legend(style: $0.style, shown: $0.shown, full: $0.full, x: $0.x, y: $0.y + shift) : $0 }
        }
        l.yTitleY = l.plotTop - 16
        noteBelow(&l)
        return l
    }

    /// The highlight layout's note (what is highlighted and the quiet series by name), wrapped below
    /// everything else; the picture grows to hold it.
    func noteBelow(_ l: inout Layout) {
        guard arrangement == .highlight, let note = arrangementNote else { return }
        let m = Self.margin
        l.noteLines = TextMetrics.wrapped(note, size: Self.textSize, maxWidth: width - 2 * m, maxLines: 40)
        let top = l.height - m + 6
        l.noteY = top + Self.textSize
        l.height = top + Double(l.noteLines.count) * (Self.textSize + 5) + m
    }

    /// Label heights along the right edge at each series' last value, moved apart by at least a
    /// line; nil when they do not fit in the plot's height.
    func directLabelPositions(scale: ValueScale, top: Double, bottom: Double) -> [(style: SeriesStyle, name: String, y: Double)]? {
        var wanted: [(k: Int, y: Double)] = []
        for (rank, k) in namedSeries.enumerated() {
            let s = data.series[k]
            guard let last = s.y.lastIndex(where: \.isFinite) else { continue }
            wanted.append((rank, scale.position(s.y[last], top: top, bottom: bottom)))
        }
        wanted.sort { $0.y != $1.y ? $0.y < $1.y : $0.k < $1.k }
        let gap = Self.textSize + 3
        guard Double(wanted.count) * gap <= bottom - top + gap else { return nil }
        var ys = wanted.map(\.y)
        for i in ys.indices.dropFirst() where ys[i] - ys[i - 1] < gap { ys[i] = ys[i - 1] + gap }
        if let last = ys.last, last > bottom {
            ys[ys.count - 1] = bottom
            for i in ys.indices.dropLast().reversed() where ys[i + 1] - ys[i] < gap { ys[i] = ys[i + 1] - gap }
        }
        guard let first = ys.first, first >= top - 4 else { return nil }
        return zip(wanted, ys).map { (SeriesStyle(index: $0.k), names.seriesName(namedSeries[$0.k]), $1) }
    }

    // MARK: Document

    func svg() -> String {
        let scale = valueScale
        let multiples = arrangement == .smallMultiples
        let l = multiples ? panelLayout(scale: scale) : layout(scale: scale)
        let x = PositionScale(set: data, bars: chart.mark == .bar, facts: xFacts, bin: chart.mark == .bar ? binWidth : nil)
        var w = SVGWriter()
        let n = SVGWriter.number
        let lang = language.formattingLocale
        w.open("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(n(width)) \(n(l.height))"),
                       ("width", n(width)), ("height", n(l.height)), ("role", "img"),
                       ("aria-labelledby", "\(id)-title \(id)-desc"), ("lang", lang), ("xml:lang", lang),
                       ("font-family", Self.fontStack(language.language)), ("font-size", n(Self.textSize))]
                       + [("data-layout", arrangement.rawValue)]
                       // Panels have no single plot to point into: the report's focus marker stays off.
                       + (multiples ? [] : placement(l: l, scale: scale, x: x)))
        w.element("title", [("id", "\(id)-title")], content: title)
        w.element("desc", [("id", "\(id)-desc")], content: arrangementNote.map { summary + " " + $0 } ?? summary)
        w.open("style")
        w.raw(styleSheet)
        w.close("style")
        defs(&w, l: l)
        w.open("g", [("aria-hidden", "true")])
        w.element("rect", [("class", "bg"), ("width", n(width)), ("height", n(l.height)), ("fill", SeriesStyle.lightBackground)])
        for (i, line) in l.titleLines.enumerated() {
            w.element("text", [("class", "ink"), ("x", n(Self.margin)), ("y", n(Self.margin + l.titleSize - 2 + Double(i) * (l.titleSize + 4))),
                               ("font-size", n(l.titleSize)), ("font-weight", "bold"), ("fill", Self.ink)], content: line)
        }
        if let subtitle = names.subtitle, let y = l.subtitleY {
            w.element("text", [("class", "muted"), ("x", n(Self.margin)), ("y", n(y)), ("fill", Self.muted)], content: subtitle)
        }
        if multiples {
            panels(&w, l: l, scale: scale, x: x)
            w.close("g")
            w.close("svg")
            return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + w.text
        }
        legend(&w, l: l)
        axes(&w, l: l, scale: scale, x: x)
        marks(&w, l: l, scale: scale, x: x)
        // Reference lines and their names go over the marks, so that bars never hide them.
        thresholds(&w, l: l, scale: scale)
        note(&w, l: l)
        for label in l.directLabels {
            let lx = l.plotRight + 10
            w.element("path", [("class", "f\(label.style.index) edge"), ("d", label.style.markerPath(x: lx, y: label.y, r: 4, number: n)),
                               ("fill", label.style.colour.light)])
            w.element("text", [("class", "f\(label.style.index)"), ("x", n(lx + 9)), ("y", n(label.y + 4.5)),
                               ("fill", label.style.colour.light)], content: label.name)
        }
        w.close("g")
        w.close("svg")
        return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + w.text
    }

    /// Where a value is drawn, for a page that embeds the chart and points at values on it (the
    /// report's focus marker): the plot's edges, the x domain (epoch milliseconds for time) or the
    /// number of category bands, the y domain, and for bars the width of one x's group of bars.
    func placement(l: Layout, scale: ValueScale, x: PositionScale) -> [(String, String?)] {
        let n = SVGWriter.number, exact: (Double) -> String = JSONWriter.number
        var out: [(String, String?)] = [("data-plot", [l.plotLeft, l.plotTop, l.plotRight, l.plotBottom].map(n).joined(separator: " "))]
        switch x.kind {
        case let .band(count): out.append(("data-x-bands", String(count)))
        // A bin's bar is drawn half a bin right of its x: the domain says where x itself lands.
        case let .linear(domain): out.append(("data-x-domain", "\(exact(domain.lowerBound - x.shift)) \(exact(domain.upperBound - x.shift))"))
        }
        out.append(("data-y-domain", "\(exact(scale.domain.lowerBound)) \(exact(scale.domain.upperBound))"))
        if chart.mark == .bar { out.append(("data-bar-group", n(barGroupWidth(x.bandWidth(l.plotRight - l.plotLeft))))) }
        return out
    }

    /// The width of the bars at one x, all series side by side.
    func barGroupWidth(_ band: Double) -> Double { band * (data.series.count > 1 ? 0.84 : 0.8) }

    static let ink = "#1f2328", muted = "#59636e", grid = "#d8dee4"
    /// The grey of the highlight layout's quiet series: 3:1 against each background (WCAG 1.4.11),
    /// still seen, yet far below the highlighted series' colours and weights.
    static let quiet = SeriesStyle.Colour(light: "#8c959f", dark: "#656c76")

    /// Fonts with the glyphs of the locale first (Korean, Simplified Chinese or Japanese forms of
    /// the shared Han characters), then common system fonts, then any CJK font as a fallback for
    /// names in another script.
    static func fontStack(_ language: String) -> String {
        // Family names of plain words need no quotes in CSS.
        let latin = "system-ui, -apple-system, Segoe UI, Roboto, Noto Sans, Helvetica Neue, Arial"
        switch language {
        case "ko": return "Noto Sans CJK KR, Apple SD Gothic Neo, Malgun Gothic, Noto Sans KR, \(latin), sans-serif"
        case "zh": return "Noto Sans CJK SC, PingFang SC, Microsoft YaHei, Noto Sans SC, \(latin), sans-serif"
        case "ja": return "Noto Sans CJK JP, Hiragino Sans, Yu Gothic, Noto Sans JP, \(latin), sans-serif"
        default: return "\(latin), Noto Sans CJK SC, sans-serif"
        }
    }

    /// Colours by class: light by default, dark under `prefers-color-scheme: dark`, and the system's
    /// colours in forced-colours mode, where every series is one colour and only shapes, dashes and
    /// patterns tell them apart.
    var styleSheet: String {
        var light = ".bg{fill:\(SeriesStyle.lightBackground)}.ink{fill:\(Self.ink)}.muted{fill:\(Self.muted)}"
            + ".grid{stroke:\(Self.grid)}.axis,.ref{stroke:\(Self.ink)}.edge{stroke:\(SeriesStyle.lightBackground)}"
            + ".hatch{stroke:\(SeriesStyle.lightBackground)}.hatchfill{fill:\(SeriesStyle.lightBackground)}"
        var dark = ".bg{fill:\(SeriesStyle.darkBackground)}.ink{fill:#e6edf3}.muted{fill:#9aa4ae}.grid{stroke:#30363d}"
            + ".axis,.ref{stroke:#e6edf3}.edge{stroke:\(SeriesStyle.darkBackground)}"
            + ".hatch{stroke:\(SeriesStyle.darkBackground)}.hatchfill{fill:\(SeriesStyle.darkBackground)}"
        var forcedSeries: [String] = []
        for style in styles {
            let k = style.index
            light += ".c\(k){stroke:\(style.colour.light)}.f\(k){fill:\(style.colour.light)}"
            dark += ".c\(k){stroke:\(style.colour.dark)}.f\(k){fill:\(style.colour.dark)}"
            forcedSeries += [".c\(k)", ".f\(k)"]
        }
        let forcedStroke = forcedSeries.filter { $0.hasPrefix(".c") }.joined(separator: ",")
        let forcedFill = forcedSeries.filter { $0.hasPrefix(".f") }.joined(separator: ",")
        var forced = ".bg{fill:Canvas}.ink,.muted{fill:CanvasText}.grid{stroke:GrayText}.axis,.ref{stroke:CanvasText}"
            + ".edge,.hatch{stroke:Canvas}.hatchfill{fill:Canvas}.area{fill-opacity:0.12}"
        if !forcedStroke.isEmpty { forced += "\(forcedStroke){stroke:CanvasText}\(forcedFill){fill:CanvasText}" }
        if let highlight, highlight.count < data.series.count {
            light += ".quiet{stroke:\(Self.quiet.light)}.quietfill{fill:\(Self.quiet.light)}"
            dark += ".quiet{stroke:\(Self.quiet.dark)}.quietfill{fill:\(Self.quiet.dark)}"
            forced += ".quiet{stroke:GrayText}.quietfill{fill:GrayText}"
        }
        return light + "\n@media (prefers-color-scheme: dark){" + dark + "}\n@media (forced-colors: active){" + forced + "}"
    }

    /// The clip of the plot's marks: the plot with room for a marker's half at the edges.
    func clip(_ w: inout SVGWriter, l: Layout) {
        let n = SVGWriter.number
        w.open("clipPath", [("id", "\(id)-plot")])
        w.element("rect", [("x", n(l.plotLeft - 6)), ("y", n(l.plotTop - 6)), ("width", n(l.plotRight - l.plotLeft + 12)),
                           ("height", n(l.plotBottom - l.plotTop + 12))])
        w.close("clipPath")
    }

    func defs(_ w: inout SVGWriter, l: Layout) {
        w.open("defs")
        if arrangement != .smallMultiples { clip(&w, l: l) }
        if chart.mark == .bar {
            for style in styles where style.pattern != .solid {
                let k = style.index
                var attributes: [(String, String?)] = [("id", "\(id)-p\(k)"), ("width", "6"), ("height", "6"),
                                                       ("patternUnits", "userSpaceOnUse")]
                if [.diagonal, .crosshatch].contains(style.pattern) { attributes.append(("patternTransform", "rotate(45)")) }
                if style.pattern == .antidiagonal { attributes.append(("patternTransform", "rotate(-45)")) }
                w.open("pattern", attributes)
                w.element("rect", [("class", "f\(k)"), ("width", "6"), ("height", "6"), ("fill", style.colour.light)])
                let hatch: [(String, String?)] = [("class", "hatch"), ("stroke", SeriesStyle.lightBackground), ("stroke-width", "1.6")]
                let dot: [(String, String?)] = [("class", "hatchfill"), ("fill", SeriesStyle.lightBackground)]
                switch style.pattern {
                case .diagonal, .vertical, .antidiagonal: w.element("path", [("d", "M3 0V6")] + hatch)
                case .crosshatch, .grid: w.element("path", [("d", "M3 0V6M0 3H6")] + hatch)
                case .horizontal: w.element("path", [("d", "M0 3H6")] + hatch)
                case .doubleHorizontal: w.element("path", [("d", "M0 1.5H6M0 4.5H6"), ("class", "hatch"),
                                                            ("stroke", SeriesStyle.lightBackground), ("stroke-width", "0.9")])
                case .dots: w.element("circle", [("cx", "3"), ("cy", "3"), ("r", "1.4")] + dot)
                case .bigDots: w.element("circle", [("cx", "3"), ("cy", "3"), ("r", "2.3")] + dot)
                case .rings: w.element("circle", [("cx", "3"), ("cy", "3"), ("r", "1.8"), ("fill", "none"), ("class", "hatch"),
                                                  ("stroke", SeriesStyle.lightBackground), ("stroke-width", "1")])
                case .checker: w.element("path", [("d", "M0 0h3v3H0ZM3 3h3v3H3Z")] + dot)
                case .solid: break
                }
                w.close("pattern")
            }
        }
        w.close("defs")
    }

    /// The fill of series `style`'s bars: its colour, or its pattern over its colour; grey for a quiet series.
    func barFill(_ style: SeriesStyle?) -> (className: String?, fill: String) {
        guard let style else { return ("quietfill", Self.quiet.light) }
        return style.pattern == .solid ? ("f\(style.index)", style.colour.light) : (nil, "url(#\(id)-p\(style.index))")
    }

    func swatch(_ w: inout SVGWriter, style: SeriesStyle, x: Double, y: Double) {
        let n = SVGWriter.number
        switch chart.mark {
        case .bar:
            let fill = barFill(style)
            w.element("rect", [("class", [fill.className, "c\(style.index)"].compactMap { $0 }.joined(separator: " ")),
                               ("x", n(x + 7)), ("y", n(y - 7)), ("width", "14"), ("height", "14"), ("fill", fill.fill),
                               ("stroke", style.colour.light), ("stroke-dasharray", style.dash)])
        case .point:
            w.element("path", pointMarker(style, d: style.markerPath(x: x + 14, y: y, r: 4.5, number: n)))
        case .line, .area:
            w.element("path", [("class", "c\(style.index)"), ("d", "M\(n(x)) \(n(y))h28"), ("stroke", style.colour.light),
                               ("stroke-width", n(style.weight + 0.3)), ("stroke-dasharray", style.dash), ("fill", "none")])
            w.element("path", [("class", "f\(style.index) edge"), ("d", style.markerPath(x: x + 14, y: y, r: 4, number: n)),
                               ("fill", style.colour.light)])
        }
    }

    /// The note below the plot (the highlight layout's), line by line.
    func note(_ w: inout SVGWriter, l: Layout) {
        guard let y = l.noteY else { return }
        let n = SVGWriter.number
        for (i, line) in l.noteLines.enumerated() {
            w.element("text", [("class", "muted"), ("x", n(Self.margin)), ("y", n(y + Double(i) * (Self.textSize + 5))),
                               ("fill", Self.muted)], content: line)
        }
    }

    func legend(_ w: inout SVGWriter, l: Layout) {
        let n = SVGWriter.number
        for item in l.legend {
            swatch(&w, style: item.style, x: item.x, y: item.y)
            // A shortened name keeps its full text as a tooltip.
            if item.shown != item.full {
                w.open("g")
                w.element("title", content: item.full)
            }
            w.element("text", [("class", "ink"), ("x", n(item.x + 34)), ("y", n(item.y + 4.5)), ("fill", Self.ink)], content: item.shown)
            if item.shown != item.full { w.close("g") }
        }
    }
}
