#!/usr/bin/env python3
"""Tests of chartpipe-stage-weekday (python3 pipelines/plugins/test_weekday.py). Standard library only;
the Kruskal-Wallis references were computed once with scipy 1.17.1 (scipy.stats.kruskal, chi2.sf)."""
import importlib.machinery
import importlib.util
import json
import math
import os
import random
import subprocess
import sys
import unittest
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
PLUGIN = os.path.join(HERE, "chartpipe-stage-weekday")
loader = importlib.machinery.SourceFileLoader("weekday", PLUGIN)
spec = importlib.util.spec_from_loader("weekday", loader)
weekday = importlib.util.module_from_spec(spec)
loader.exec_module(weekday)


def request(values, start=datetime(2026, 6, 1, tzinfo=timezone.utc), step=timedelta(days=1), unit="USD",
            locales=("en", "zh-Hans", "ko", "ja"), protocol=1, options=None, sequence=1, chart="c"):
    points = [{"x": (start + i * step).isoformat().replace("+00:00", "Z"), "y": v, "records": [i, i]} for i, v in enumerate(values)]
    series = [{"name": "North", "points": points}]
    names = {"en": "North", "zh-Hans": "北区", "ko": "북부", "ja": "北部"}
    return {
        "protocol": protocol, "sequence": sequence, "plugin": "weekday",
        "chart": {"id": chart, "title": "T", "subtitle": None, "mark": "line", "source": {"path": "d.csv", "format": "csv"},
                  "x": {"field": "date", "type": "time", "title": None, "zone": "UTC"},
                  "y": {"fields": ["v"], "title": None, "unit": unit, "range": None, "thresholds": {}}, "seriesField": None},
        "locales": list(locales),
        "names": {l: {"title": "T", "x": "date", "y": "v", "series": [names.get(l, "North")]} for l in locales},
        "options": options or {"pattern": "auto", "alpha": 0.05},
        "series": {"xType": "time", "full": series, "charted": series},
        "trend": None,
    }


class KruskalWallisTests(unittest.TestCase):
    def test_matches_scipy(self):
        rng = random.Random(7)
        expected = [  # (k, n, ties, H, p) from scipy.stats.kruskal on the same groups
            (7, 13, False, 16.377007607776875, 0.011867282680161073),
            (7, 4, True, 10.144423129624554, 0.11870032884412264),
            (24, 3, False, 51.68645357686444, 0.0005508140850207684),
            (2, 5, True, 0.5411042944785246, 0.4619754310393852),
            (3, 30, False, 2.601123321123339, 0.2723787656528096),
        ]
        for k, n, ties, h_ref, p_ref in expected:
            groups = [[(round(rng.gauss(i * 0.3, 1), 1) if ties else rng.gauss(i * 0.2, 1)) for _ in range(n)] for i in range(k)]
            h, p = weekday.kruskal_wallis(groups)
            self.assertAlmostEqual(h, h_ref, delta=1e-12 * h_ref)
            self.assertAlmostEqual(p, p_ref, delta=1e-12 * p_ref)

    def test_gamma_q_matches_scipy_chi2(self):
        # (a, x, chi2.sf(2x, 2a)) from scipy.
        for a, x, q in [(3, 0.5, 0.9856123220330293), (3, 20.0, 4.5551495055892125e-07),
                        (11.5, 40, 3.175170395986885e-08), (0.5, 1e-3, 0.9643294082703201)]:
            self.assertAlmostEqual(weekday.gamma_q(a, x), q, delta=1e-12 * q)


class SentenceTests(unittest.TestCase):
    def test_a_weekly_pattern_is_said_in_every_locale(self):
        # Five weeks starting on a Monday: Mondays high, Sundays low.
        values = [1500 + (300 if d % 7 == 0 else 0) - (200 if d % 7 == 6 else 0) + (d % 3) for d in range(35)]
        sentences = weekday.respond(request(values))["sentences"]
        self.assertEqual(sentences["en"], ["The Kruskal-Wallis test finds that the mean of North differs significantly by day of the week (p < 0.001): "
                                           "it is highest on Mondays ($1,800.80) and lowest on Sundays ($1,300.80)."])
        self.assertEqual(sentences["zh-Hans"], ["Kruskal-Wallis检验表明，北区按星期计算的平均值存在显著差异（p < 0.001）：周一最高，为1,800.80美元；周日最低，为1,300.80美元。"])
        self.assertEqual(sentences["ko"], ["크루스칼-월리스 검정 결과, 북부의 요일별 평균은 월요일이 1,800.80달러로 가장 높고 일요일이 1,300.80달러로 가장 낮아 요일 간 차이가 유의미했습니다(p < 0.001)."])
        self.assertEqual(sentences["ja"], ["クラスカル・ウォリス検定の結果、北部の曜日別の平均には有意な差が認められ、月曜日が1,800.80ドルで最も高く、日曜日が1,300.80ドルで最も低くなっています（p < 0.001）。"])

    def test_an_hourly_pattern_names_hours(self):
        # A daily cycle over four days: highest at 14:00, lowest at 02:00.
        values = [50 + 20 * math.sin(2 * math.pi * (h % 24 - 8) / 24) + (h % 3) / 10 for h in range(24 * 4)]
        sentences = weekday.respond(request(values, step=timedelta(hours=1), unit="percent"))["sentences"]
        self.assertIn("highest at 14:00 (", sentences["en"][0])
        self.assertIn("lowest at 02:00 (", sentences["en"][0])
        self.assertIn("14时最高", sentences["zh-Hans"][0])
        self.assertIn("14시가 ", sentences["ko"][0])
        self.assertIn("%로 가장 높고", sentences["ko"][0])
        self.assertIn("14時が", sentences["ja"][0])

    def test_no_pattern_no_sentence(self):
        rng = random.Random(3)
        values = [1000 + rng.gauss(0, 50) for _ in range(35)]
        self.assertEqual(weekday.respond(request(values))["sentences"], {})
        self.assertEqual(weekday.respond(request(values[:8]))["sentences"], {}, "one week is no pattern")

    def test_an_unknown_locale_is_warned_about(self):
        values = [1500 + (300 if d % 7 == 0 else 0) for d in range(35)]
        response = weekday.respond(request(values, locales=("en", "fr")))
        self.assertEqual(list(response["sentences"]), ["en"])
        self.assertEqual(response["warnings"], ["this plugin writes no sentences in 'fr'"])

    def test_korean_particles(self):
        for text, particle in [("1,801.00달러", "로"), ("5,000원", "으로"), ("45.2%", "로"), ("10", "으로"), ("7", "로"), ("3", "으로")]:
            self.assertEqual(weekday.korean_ro(text), particle, text)


class ProtocolTests(unittest.TestCase):
    def run_plugin(self, lines, *args):
        return subprocess.run([sys.executable, PLUGIN, *args], input="".join(json.dumps(l) + "\n" for l in lines),
                              capture_output=True, text=True)

    def test_describe(self):
        out = json.loads(self.run_plugin([], "--describe").stdout)
        self.assertEqual((out["protocol"], out["name"], out["mode"]), (1, "weekday", "persistent"))

    def test_one_process_answers_every_line(self):
        values = [1500 + (300 if d % 7 == 0 else 0) for d in range(35)]
        result = self.run_plugin([request(values, chart="a"), request(values[:3], sequence=2, chart="b")])
        answers = [json.loads(line) for line in result.stdout.splitlines()]
        self.assertEqual(len(answers), 2)
        self.assertIn("en", answers[0]["sentences"])
        self.assertEqual((answers[0]["chart"], answers[0]["sequence"]), ("a", 1), "each answer echoes its request")
        self.assertEqual(answers[1], {"protocol": 1, "sentences": {}, "chart": "b", "sequence": 2})

    def test_another_protocol_version_is_refused_with_a_message(self):
        result = self.run_plugin([request([1, 2, 3], protocol=2)])
        self.assertEqual(result.returncode, 3)
        self.assertIn("speaks protocol 1, but chartpipe sent protocol 2", result.stderr)


if __name__ == "__main__":
    unittest.main()
