import ChartpipeCore
import ChartpipeText

/// Small multiples (Tufte 1983): past `SeriesStyle.distinctCount` series no set of styles stays
/// distinguishable, so each series gets a small panel of its own, titled with its name, all on the
/// same x and y scales so that panels compare at a glance.
extension ChartPicture {
    static let panelMinimumWidth = 170.0, panelPlotHeight = 84.0, panelGap = 16.0

    /// The title, subtitle and the note saying which layout was drawn; the y where the body starts.
    func header(_ l: inout Layout) -> Double {
        let m = Self.margin
        l.titleSize = width < Self.narrowWidth ? 16 : Self.titleSize
        l.titleLines = TextMetrics.wrapped(title, size: l.titleSize, maxWidth: width - 2 * m, maxLines: 2)
        var y = m + l.titleSize + 4 + Double(l.titleLines.count - 1) * (l.titleSize + 4)
        if names.subtitle != nil {
            y += Self.textSize + 6
            l.subtitleY = y - 4
        }
        return y
    }

    func panelLayout(scale: ValueScale) -> Layout {
        var l = Layout()
        let m = Self.margin
        var y = header(&l)
        if let note = arrangementNote {
            l.noteLines = TextMetrics.wrapped(note, size: Self.textSize, maxWidth: width - 2 * m, maxLines: 3)
            y += Self.textSize + 6
            l.noteY = y - 4
            y += Double(l.noteLines.count - 1) * (Self.textSize + 5)
        }
        let tickWidth = scale.ticks.map { Self.textWidth(yTickLabel($0, ticks: scale.ticks), size: Self.tickSize) }.max() ?? 20
        let columns = max(1, Int((width - 2 * m + Self.panelGap) / (Self.panelMinimumWidth + Self.panelGap)))
        let panelWidth = (width - 2 * m + Self.panelGap) / Double(columns) - Self.panelGap
        let titleRoom = Self.textSize + 10, tickRoom = Self.tickSize + 14
        let panelHeight = titleRoom + Self.panelPlotHeight + tickRoom
        l.yTitleY = y + Self.textSize + 8
        let top = l.yTitleY + 10
        for k in data.series.indices {
            let left = m + Double(k % columns) * (panelWidth + Self.panelGap)
            let panelTop = top + Double(k / columns) * (panelHeight + Self.panelGap)
            let plotTop = panelTop + titleRoom + 6
            l.panels.append(Panel(series: k, left: left, top: panelTop, width: panelWidth, plotLeft: left + tickWidth + 8,
                                  plotTop: plotTop, plotRight: left + panelWidth - 4, plotBottom: plotTop + Self.panelPlotHeight))
        }
        let rows = Double((data.series.count + columns - 1) / columns)
        l.plotTop = top
        l.plotBottom = top + rows * (panelHeight + Self.panelGap) - Self.panelGap
        l.plotLeft = m
        l.plotRight = width - m
        l.height = max(height, l.plotBottom + Self.textSize + 14 + m)
        return l
    }

    /// One series' panel as a picture of its own (style 0: the panel, not the colour, names it).
    func panelPicture(_ k: Int) -> ChartPicture {
        let one = SeriesSet(xType: data.xType, categories: data.categories, series: [data.series[k]])
        let own = labels.map { all in PointLabels(counts: [all.counts[k]]) { _, i in all[k][i] } }
        var picture = ChartPicture(chart: chart, data: one, names: names, title: title, summary: summary, labels: own,
                                   width: width, height: height, id: "\(id)-s\(k)")
        picture.aggregate = aggregate
        picture.binWidth = binWidth
        return picture
    }

    func panels(_ w: inout SVGWriter, l: Layout, scale: ValueScale, x: PositionScale) {
        let n = SVGWriter.number
        note(&w, l: l)
        w.element("text", [("class", "ink"), ("x", n(Self.margin)), ("y", n(l.yTitleY)), ("fill", Self.ink)], content: yAxisTitle)
        for panel in l.panels {
            let name = names.seriesName(panel.series)
            let shown = TextMetrics.shortened(name, size: Self.textSize, maxWidth: panel.width)
            if shown != name {
                w.open("g")
                w.element("title", content: name)
            }
            w.element("text", [("class", "ink"), ("x", n(panel.left)), ("y", n(panel.top + Self.textSize)), ("font-weight", "bold"),
                               ("fill", Self.ink)], content: shown)
            if shown != name { w.close("g") }
            let picture = panelPicture(panel.series)
            w.open("defs")
            picture.clip(&w, l: panel.plot)
            w.close("defs")
            picture.axes(&w, l: panel.plot, scale: scale, x: x)
            picture.marks(&w, l: panel.plot, scale: scale, x: x)
            picture.thresholds(&w, l: panel.plot, scale: scale)
        }
        w.element("text", [("class", "ink"), ("x", n(width / 2)), ("y", n(l.plotBottom + Self.textSize + 14)),
                           ("text-anchor", "middle"), ("fill", Self.ink)], content: names.xTitleWithUnit)
    }
}
