#!/usr/bin/env python3
"""The peer of ratio_pipeline.py: the job of whole.pipeline done with the tools a Python user would
pick instead of chartpipe, one chart after another (chartpipe's --jobs 1 is its match).

Per chart: pandas reads the CSV and resamples it by the hour (mean); tsdownsample's LTTB keeps 60
points; statistics with numpy (n, extremes, mean, median, standard deviation, change, least squares)
and the Mann-Kendall test with Sen's slope from pymannkendall (`--light`: scipy's kendalltau, no
Sen's slope); descriptions in en, zh-Hans and ko from string templates, written as JSON and
Markdown; the audio graph synthesised with numpy (numpy_synth.py) and written as 16-bit WAV with
soundfile; an SVG chart per locale from a template; the data table as CSV (csv module) and an HTML
table per locale of the charted points (chartpipe's default). Then per locale an HTML index over
every chart and a page per chart (chartpipe's default layout).

Usage: peer_pipeline.py [--light] DIR   (reads DIR/whole.pipeline and its data, writes DIR/peer-out)
"""
import csv
import html
import json
import os
import sys

import numpy as np
import pandas as pd
import soundfile as sf
from tsdownsample import LTTBDownsampler

from numpy_synth import synthesise

RATE = 44100

TEMPLATES = {
    "en": {
        "summary": "{title}: {trend} from {first} to {last} ({n} points), between {low} and {high}; mean {mean}.",
        "up": "rising", "down": "falling", "flat": "no clear trend",
        "slope": "Sen's slope: {slope} per hour.", "stats": "Mean {mean}, median {median}, standard deviation {std}.",
        "x": "Time", "y": "Reading (°C)", "report": "Report",
    },
    "zh-Hans": {
        "summary": "{title}：{trend}，从 {first} 到 {last}（{n} 个点），介于 {low} 和 {high} 之间；平均值 {mean}。",
        "up": "呈上升趋势", "down": "呈下降趋势", "flat": "没有明显趋势",
        "slope": "Sen 斜率：每小时 {slope}。", "stats": "平均值 {mean}，中位数 {median}，标准差 {std}。",
        "x": "时间", "y": "读数（°C）", "report": "报告",
    },
    "ko": {
        "summary": "{title}: {first}부터 {last}까지 {trend} ({n}개 지점), {low}에서 {high} 사이, 평균 {mean}.",
        "up": "상승 추세", "down": "하락 추세", "flat": "뚜렷한 추세 없음",
        "slope": "Sen 기울기: 시간당 {slope}.", "stats": "평균 {mean}, 중앙값 {median}, 표준편차 {std}.",
        "x": "시간", "y": "측정값(°C)", "report": "보고서",
    },
}


def trend_of(y, light):
    if light:
        from scipy.stats import kendalltau
        tau, p = kendalltau(np.arange(len(y)), y)
        direction = "flat" if p >= 0.05 else ("up" if tau > 0 else "down")
        return {"tau": float(tau), "p": float(p), "trend": direction}
    import pymannkendall as mk
    r = mk.original_test(y)
    direction = {"increasing": "up", "decreasing": "down"}.get(r.trend, "flat")
    return {"tau": float(r.Tau), "p": float(r.p), "s": float(r.s), "z": float(r.z), "slope": float(r.slope),
            "intercept": float(r.intercept), "trend": direction}


def svg(points_x, points_y, title, words):
    w, h = 640, 320
    xs = (points_x - points_x.min()) / max(points_x.max() - points_x.min(), 1) * (w - 80) + 60
    span = max(points_y.max() - points_y.min(), 1e-9)
    ys = h - 40 - (points_y - points_y.min()) / span * (h - 80)
    line = " ".join(f"{a:.1f},{b:.1f}" for a, b in zip(xs, ys))
    t = html.escape(title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" role="img" aria-label="{t}">'
            f"<title>{t}</title><text x='60' y='20'>{t}</text>"
            f"<text x='{w // 2}' y='{h - 5}'>{html.escape(words['x'])}</text>"
            f"<text x='5' y='{h // 2}'>{html.escape(words['y'])}</text>"
            f'<polyline fill="none" stroke="#1f77b4" points="{line}"/></svg>')


def chart(spec, folder, out, light):
    cid, title = spec["id"], spec["title"]
    target = os.path.join(out, "charts", cid)
    os.makedirs(target, exist_ok=True)
    df = pd.read_csv(os.path.join(folder, spec["source"]["path"]), parse_dates=["time"])
    s = df.set_index("time")["value"].resample("h").mean().dropna()
    x = s.index.as_unit("ms").asi8  # ms since 1970
    y = s.to_numpy(dtype=np.float64)
    keep = LTTBDownsampler().downsample(x, y, n_out=60)
    xd, yd = x[keep], y[keep]
    hours = (x - x[0]) / 3_600_000
    slope_ls, intercept_ls = np.polyfit(hours, y, 1)
    stats = {"n": int(len(y)), "min": float(y.min()), "max": float(y.max()), "mean": float(y.mean()),
             "median": float(np.median(y)), "std": float(y.std(ddof=1)), "change": float(y[-1] - y[0]),
             "leastSquares": {"slope": float(slope_ls), "intercept": float(intercept_ls)}, "trend": trend_of(y, light)}
    with open(os.path.join(target, "trend.json"), "w") as f:
        json.dump(stats, f)
    with open(os.path.join(target, "data.json"), "w") as f:
        json.dump({"x": xd.tolist(), "y": yd.tolist()}, f)
    first, last = s.index[0].strftime("%Y-%m-%d %H:%M"), s.index[-1].strftime("%Y-%m-%d %H:%M")
    summaries = {}
    for loc, words in TEMPLATES.items():
        fields = {"title": title, "trend": words[stats["trend"]["trend"]], "first": first, "last": last, "n": f"{len(y):,}",
                  "low": f"{stats['min']:,.1f}", "high": f"{stats['max']:,.1f}", "mean": f"{stats['mean']:,.1f}",
                  "median": f"{stats['median']:,.1f}", "std": f"{stats['std']:,.2f}"}
        summary = words["summary"].format(**fields)
        parts = [summary, words["stats"].format(**fields)]
        if not light:
            parts.append(words["slope"].format(slope=f"{stats['trend']['slope']:.4f}"))
        summaries[loc] = summary
        with open(os.path.join(target, f"description.{loc}.json"), "w") as f:
            json.dump({"summary": summary, "statistics": parts[1:], "points": [
                {"x": int(a), "y": float(b)} for a, b in zip(xd, yd)]}, f, ensure_ascii=False)
        with open(os.path.join(target, f"description.{loc}.md"), "w") as f:
            f.write(f"# {title}\n\n" + "\n\n".join(parts) + "\n")
        with open(os.path.join(target, f"chart.{loc}.svg"), "w") as f:
            f.write(svg(xd.astype(np.float64), yd, title, words))
        with open(os.path.join(target, f"table.{loc}.html"), "w") as f:
            # As chartpipe's default: the charted points, with a link to the file with every row.
            charted = pd.to_datetime(xd, unit="ms").strftime("%Y-%m-%d %H:%M")
            rows = "".join(f"<tr><td>{t}</td><td>{v:,.3f}</td></tr>" for t, v in zip(charted, yd))
            f.write(f"<p>{len(yd)} of {len(y)} rows <a href='table.csv'>table.csv</a></p>"
                    f"<table><caption>{html.escape(title)}: {html.escape(summary)}</caption>"
                    f"<tr><th>{words['x']}</th><th>{words['y']}</th></tr>{rows}</table>")
    sf.write(os.path.join(target, "audio.wav"), synthesise(yd, 2.0, RATE), RATE, subtype="PCM_16")
    with open(os.path.join(target, "table.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["time", "value"])
        w.writerows(zip(s.index.strftime("%Y-%m-%dT%H:%M"), y))
    return cid, title, summaries


def main():
    light = "--light" in sys.argv
    folder = sys.argv[-1]
    out = os.path.join(folder, "peer-light-out" if light else "peer-out")
    with open(os.path.join(folder, "whole.pipeline")) as f:
        spec = json.load(f)
    done = [chart(c, folder, out, light) for c in spec["charts"]]
    # As chartpipe's default layout: an index per locale and a page per chart and locale.
    for loc, words in TEMPLATES.items():
        with open(os.path.join(out, f"report.{loc}.html"), "w") as f:
            f.write(f"<!doctype html><html lang='{loc}'><title>{words['report']}</title><body><ol>")
            for cid, title, summaries in done:
                f.write(f"<li><h3><a href='charts/{cid}/report.{loc}.html'>{html.escape(title)}</a></h3>"
                        f"<p>{html.escape(summaries[loc])}</p></li>")
            f.write("</ol></body></html>")
        for k, (cid, title, summaries) in enumerate(done):
            with open(os.path.join(out, "charts", cid, f"chart.{loc}.svg")) as g, \
                    open(os.path.join(out, "charts", cid, f"report.{loc}.html"), "w") as f:
                index = "/".join(["..", "..", f"report.{loc}.html"])  # the output folder's index
                links = f"<a href='{index}'>{words['report']}</a>"
                if k > 0:
                    links += f" <a rel='prev' href='../{done[k - 1][0]}/report.{loc}.html'>{html.escape(done[k - 1][1])}</a>"
                if k + 1 < len(done):
                    links += f" <a rel='next' href='../{done[k + 1][0]}/report.{loc}.html'>{html.escape(done[k + 1][1])}</a>"
                f.write(f"<!doctype html><html lang='{loc}'><title>{html.escape(title)}</title><body><nav>{links}</nav>"
                        f"<h1>{html.escape(title)}</h1><p>{html.escape(summaries[loc])}</p>{g.read()}"
                        f"<audio src='audio.wav' controls></audio></body></html>")


if __name__ == "__main__":
    main()
