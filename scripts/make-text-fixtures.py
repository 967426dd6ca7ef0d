#!/usr/bin/env python3
"""Writes the string-catalog fixtures of Tests/ChartpipeTextTests/Fixtures (deterministic: no randomness).

Each catalog is written as StringCatalog.encoded() writes it (sorted keys, two-space indent), which a
test checks. Run from anywhere: python3 scripts/make-text-fixtures.py
"""
import json
import pathlib

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests" / "ChartpipeTextTests" / "Fixtures"


def su(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}


def plural(**cases):
    return {"variations": {"plural": {k: su(v) for k, v in cases.items()}}}


def sub(arg, spec, **cases):
    return {"argNum": arg, "formatSpecifier": spec, "variations": {"plural": {k: su(v) for k, v in cases.items()}}}


def write(name, strings, source="en"):
    doc = {"sourceLanguage": source, "strings": strings, "version": "1.0"}
    text = json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    # JSONWriter writes JSON that can be inlined in HTML: "</" as "<\/" and "<!" as "\u003C!".
    text = text.replace("</", "<\\/").replace("<!", "\\u003C!")
    (OUT / name).write_text(text, encoding="utf-8")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    # A pipeline's catalog: chart titles by their text, an override of a shipped key, a new locale.
    write("weekly.xcstrings", {
        "Daily sales": {"comment": "Chart title.", "localizations": {
            "ko": su("일별 매출"), "zh-Hans": su("每日销售额"), "fr": su("Ventes quotidiennes")}},
        "Revenue": {"localizations": {"ko": su("매출"), "zh-Hans": su("收入")}},
        "change.rose": {"localizations": {
            "ko": su("%1$@(이)가 %3$@에서 %4$@(으)로 %2$@ 늘었습니다."),
            "fr": su("%1$@ a augmenté de %2$@, de %3$@ à %4$@.")}},
    })
    # Rendering edge cases.
    write("render.xcstrings", {
        "broken.ko": {"localizations": {"en": su("%1$@ has %2$lld points."), "ko": su("%1$@에는 %5$@개의 점이 있습니다.")}},
        "mismatch": {"localizations": {"en": su("%1$@ has %2$@ points."), "ko": su("%1$@에는 점이 %2$lld개 있습니다.")}},
        "decimal.points": {"localizations": {"en": plural(one="%.1f point", other="%.1f points")}},
        "points.zero": {"localizations": {"en": plural(zero="No data points", one="%lld data point", other="%lld data points")}},
        "unnumbered": {"localizations": {"en": su("%@ and %@, 100%%"), "ko": su("%@와 %@, 100%%")}},
        "ru.points": {"localizations": {
            "en": plural(one="%lld point", other="%lld points"),
            "ru": plural(one="%lld точка", few="%lld точки", many="%lld точек", other="%lld точки")}},
        "both.broken": {"localizations": {"en": su("%1$@ and %3$@"), "ko": su("%1$@(와)과 %3$@")}},
        "particle.sub": {"localizations": {
            "en": {**su("%#@points@ changed"), "substitutions": {"points": sub(1, "lld", one="%arg point", other="%arg points")}},
            "ko": {**su("%#@points@(이)가 바뀌었습니다"), "substitutions": {"points": sub(1, "lld", other="점 %arg")}}}},
    })
    # Lint: each key carries one kind of problem; i.clean carries none.
    write("lint.xcstrings", {
        "a.missing": {"localizations": {"en": su("Total"), "zh-Hans": su("总计")}},
        "b.placeholders": {"localizations": {
            "en": su("%1$@ has %2$lld points"), "ko": su("%1$@에는 점이 %2$@개 있습니다"), "zh-Hans": su("%1$@有%3$lld个点")}},
        "c.type": {"localizations": {"en": su("%1$lld items"), "ko": su("%1$.1f개"), "zh-Hans": su("%1$lld项")}},
        "d.plural": {"localizations": {
            "en": plural(other="%lld points"), "ko": plural(one="점 %lld개", other="점 %lld개"), "zh-Hans": plural(other="%lld个点")}},
        "e.particle": {"localizations": {"en": su("%1$@ rose"), "ko": su("%1$@이(가) 늘었습니다"), "zh-Hans": su("%1$@增长了")}},
        "f.chinese": {"localizations": {
            "en": su("Sales: %1$@, up"), "ko": su("매출: %1$@, 증가"), "zh-Hans": su("销售额: %1$@, 增长了 %1$@")}},
        "g.state": {"localizations": {"en": su("Done"), "ko": su("완료", state="needs_review"), "zh-Hans": su("完成")}},
        "h.percent": {"localizations": {"en": su("50% done"), "ko": su("50%% 완료"), "zh-Hans": su("完成50%%")}},
        "i.clean": {"localizations": {
            "en": su("%1$@ rose %2$@."), "ko": su("%1$@(은)는 %2$@ 늘었습니다."), "zh-Hans": su("%1$@增长了%2$@。")}},
    })
    # Export and import: plurals, substitutions, states, and text that needs escaping.
    write("exchange.xcstrings", {
        "html.note": {"comment": "Escaping: <b> & \"quotes\" 'apostrophes'.", "localizations": {
            "en": su("Use <b>bold</b> & \"quotes\"\nacross lines\tand tabs"),
            "ko": su("<b>굵게</b> & \"따옴표\"\n여러 줄\t탭", state="needs_review")}},
        "points.count": {"comment": "Argument 1: count.", "localizations": {
            "en": plural(one="%lld point", other="%lld points"),
            "ko": plural(other="점 %lld개"),
            "ru": plural(one="%lld точка", few="%lld точки", many="%lld точек", other="%lld точки")}},
        "range": {"localizations": {
            "en": {**su("%#@points@ from %2$@ to %3$@"),
                   "substitutions": {"points": sub(1, "lld", one="%arg point", other="%arg points")}},
            "ko": {**su("%2$@부터 %3$@까지 %#@points@"), "substitutions": {"points": sub(1, "lld", other="점 %arg개")}},
            "ru": {**su("%#@points@ с %2$@ по %3$@"), "substitutions": {"points": sub(
                1, "lld", one="%arg точка", few="%arg точки", many="%arg точек", other="%arg точки")}}}},
        "stale": {"localizations": {"en": su("Old"), "ko": su("옛것", state="stale")}},
        "untranslated": {"localizations": {"en": su("Only English")}},
    })


if __name__ == "__main__":
    main()
