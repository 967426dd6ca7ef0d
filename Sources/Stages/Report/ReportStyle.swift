/// The report's style sheet: light and dark schemes (`prefers-color-scheme`) with text at 4.5:1 or
/// more, forced colours left to the system, visible focus everywhere, no motion when
/// `prefers-reduced-motion` asks (the focus marker glides only without it), fonts with the glyphs of the page's language first, and a print
/// style that prints the words and tables, not the players.
enum ReportStyle {
    static let sheet = #"""
    :root {
      color-scheme: light dark;
      --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --link: #0550ae; --border: #d0d7de; --surface: #f6f8fa;
      --focus: #0550ae; --note: #9a6700; --note-bg: #fff8e5; --error: #cf222e; --error-bg: #fff1f0;
      --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, "Noto Sans CJK SC", sans-serif;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #12161c; --fg: #e6edf3; --muted: #9aa4ae; --link: #79c0ff; --border: #3d444d; --surface: #1b222c;
        --focus: #79c0ff; --note: #e3b341; --note-bg: #272115; --error: #ff7b72; --error-bg: #2d1619;
      }
    }
    :lang(ko) { word-break: keep-all; }
    :lang(ko) { --sans: "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", system-ui, sans-serif; }
    :lang(zh) { --sans: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Noto Sans SC", system-ui, sans-serif; }
    :lang(ja) { --sans: "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", "Noto Sans JP", system-ui, sans-serif; }
    html { background: var(--bg); color: var(--fg); font-family: var(--sans); font-size: 100%; line-height: 1.6;
      -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    body { margin: 0 auto; max-width: 62rem; padding: 0 1.25rem 3rem; overflow-wrap: anywhere; }
    p, li, dd { max-width: 72ch; }
    h1, h2, h3, h4, h5 { line-height: 1.25; margin: 1.6em 0 0.5em; }
    h1 { font-size: 2rem; margin-top: 1.2em; }
    h2 { font-size: 1.55rem; }
    h3 { font-size: 1.2rem; }
    h4 { font-size: 1.05rem; }
    h5 { font-size: 1rem; color: var(--muted); }
    a { color: var(--link); text-decoration: underline; text-underline-offset: 0.15em; }
    a:hover { text-decoration-thickness: 0.15em; }
    :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    code { font-size: 0.95em; overflow-wrap: anywhere; }
    .cp-skip { position: absolute; left: 1rem; top: -4rem; padding: 0.5rem 1rem; background: var(--bg); color: var(--link);
      border: 2px solid var(--focus); z-index: 10; }
    .cp-skip:focus { top: 1rem; }
    header { border-bottom: 1px solid var(--border); padding-bottom: 1rem; }
    .cp-meta { color: var(--muted); margin: 0.25rem 0; }
    .cp-failures { color: var(--fg); font-weight: 600; }
    .cp-languages ul, .cp-contents ol { padding-left: 1.5rem; }
    .cp-languages ul { list-style: none; padding: 0; margin: 0.75rem 0 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
    .cp-languages a { display: inline-block; padding: 0.2rem 0; min-height: 1.5rem; }
    .cp-languages a[aria-current] { font-weight: 700; text-decoration: none; color: var(--fg); }
    .cp-contents li { margin: 0.3rem 0; }
    main:focus { outline: none; }
    .cp-chart { border-top: 1px solid var(--border); margin-top: 2.5rem; }
    .cp-chart > h2 { margin-top: 1.25em; }
    .cp-pager ul { list-style: none; padding: 0; margin: 0.75rem 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; }
    .cp-pager a { display: inline-block; padding: 0.2rem 0; min-height: 1.5rem; }
    .cp-entries { padding-left: 1.5rem; }
    .cp-entry { margin: 1rem 0; }
    .cp-entry h3 { margin: 0 0 0.25rem; font-size: 1.1rem; }
    .cp-entry p { margin: 0.2rem 0; }
    .cp-subtitle { color: var(--muted); margin-top: -0.25rem; }
    .cp-summary { font-size: 1.15rem; }
    .cp-about, .cp-error { border-left: 4px solid var(--note); background: var(--note-bg); padding: 0.25rem 1rem 0.5rem;
      margin: 1rem 0; border-radius: 0 0.4rem 0.4rem 0; }
    .cp-about h2, .cp-about h3 { margin-top: 0.75rem; font-size: 1.05rem; }
    .cp-error { border-left-color: var(--error); background: var(--error-bg); }
    .cp-figure { margin: 1.25rem 0; }
    .cp-plot { max-width: 720px; border-radius: 0.4rem; }
    .cp-plot svg { display: block; width: 100%; max-width: 100%; height: auto; }
    .cp-plot > svg + svg { display: none; width: auto; }
    @media (max-width: 480px) { .cp-plot > svg:first-of-type { display: none; } .cp-plot > svg + svg { display: block; } }
    .cp-plot[tabindex] { cursor: crosshair; }
    .cp-plot:focus { outline: 3px solid var(--focus); outline-offset: 3px; }
    .cp-plot:focus:not(:focus-visible) { outline-style: dashed; }
    .cp-marker { display: none; pointer-events: none; }
    .cp-plot.cp-active .cp-marker { display: inline; }
    .cp-guide { stroke: var(--fg); stroke-width: 1.2; stroke-dasharray: 4 3; }
    .cp-halo { fill: none; stroke: var(--bg); stroke-width: 7; }
    .cp-ring { fill: none; stroke: var(--fg); stroke-width: 2.5; }
    .cp-hint { color: var(--muted); margin: 0.6rem 0; }
    .cp-status { min-height: 1.6em; }
    .cp-braille-line { margin: 0.4rem 0; }
    .cp-tree, .cp-tree [role="group"] { list-style: none; margin: 0; padding-left: 1.2rem; }
    .cp-tree { padding-left: 0; }
    .cp-tree [role="treeitem"] > span { display: inline-block; padding: 0.1rem 0.3rem; }
    .cp-tree [role="treeitem"]:focus { outline: none; }
    .cp-tree [role="treeitem"]:focus > span { outline: 3px solid var(--focus); outline-offset: 1px; }
    .cp-braille-field { font: inherit; font-size: 1.3rem; width: 100%; max-width: 26em; color: var(--fg); background: var(--bg); border: 1px solid var(--border); }
    .cp-live { margin: 0.25rem 0; font-weight: 600; }
    .cp-live:empty { display: none; }
    .cp-live[data-live="series"] { color: var(--muted); font-weight: 400; }
    audio { display: block; width: 100%; max-width: 36rem; margin: 0.5rem 0; }
    .cp-now { color: var(--muted); }
    .cp-now-label { white-space: pre-line; }
    button { font: inherit; color: var(--fg); background: var(--surface); border: 1px solid var(--muted); border-radius: 0.4rem;
      padding: 0.3rem 0.8rem; min-height: 2rem; cursor: pointer; }
    button:hover { border-color: var(--fg); }
    details { margin: 0.4rem 0; }
    summary { cursor: pointer; padding: 0.25rem 0; min-height: 1.5rem; }
    summary:hover { color: var(--link); }
    .cp-scroll { overflow: auto; max-height: 75vh; border: 1px solid var(--border); border-radius: 0.4rem; margin-top: 0.5rem; }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
    caption { caption-side: top; text-align: start; padding: 0.5rem 0.75rem; max-width: 72ch; }
    th, td { padding: 0.25rem 0.75rem; border-bottom: 1px solid var(--border); text-align: start; vertical-align: top; }
    td, tbody th { white-space: nowrap; }
    thead th { position: sticky; top: 0; background: var(--surface); }
    .n { text-align: end; }
    .cp-downloads li { margin: 0.3rem 0; }
    dialog { color: var(--fg); background: var(--bg); border: 1px solid var(--muted); border-radius: 0.6rem; padding: 1rem 1.5rem;
      max-width: min(44rem, 92vw); }
    dialog::backdrop { background: rgba(0, 0, 0, 0.55); }
    dialog h2 { margin-top: 0.25rem; font-size: 1.3rem; }
    dialog td, dialog th { white-space: normal; }
    dialog .cp-close { margin-top: 1rem; }
    footer { border-top: 1px solid var(--border); margin-top: 3rem; color: var(--muted); }
    @media (prefers-reduced-motion: no-preference) {
      .cp-marker g { transition: transform 0.12s ease-out; }
    }
    @media (forced-colors: active) {
      .cp-guide, .cp-ring { stroke: Highlight; }
      .cp-halo { stroke: Canvas; }
      .cp-about, .cp-error { border-left-color: CanvasText; }
      .cp-plot:focus { outline-color: Highlight; }
    }
    @media print {
      :root { --bg: #ffffff; --fg: #000000; --muted: #333333; --link: #000000; --border: #999999; --surface: #ffffff;
        --note-bg: #ffffff; --error-bg: #ffffff; }
      body { max-width: none; padding: 0; }
      .cp-skip, .cp-languages, .cp-contents, .cp-js, .cp-status, .cp-player, .cp-downloads-part, button, dialog { display: none !important; }
      .cp-chart { break-before: page; border-top: none; }
      .cp-scroll { overflow: visible; max-height: none; border: none; }
      thead th { position: static; }
      details > summary { list-style: none; font-weight: 700; }
      details::details-content { content-visibility: visible; display: block; }
      a { text-decoration: none; }
    }

    """#
}
