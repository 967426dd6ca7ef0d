#!/usr/bin/env python3
"""Ratio benchmark for `sonify`: chartpipe's audio graph synthesis against the numpy float64
synthesiser of numpy_synth.py, on the same 1,000 control points, in one run.

Env: BENCH_BIN (ChartpipeBench), DATA_DIR, RESULTS_DIR; BENCH_SMALL=1 for a
smoke run (6 s of audio, fewer repeats).

Both sides produce 60 s at 44.1 kHz as 16-bit PCM. The peer renders one channel; chartpipe renders
two (stereo with constant-power panning) plus earcons, so the comparison is per sample frame:
equal frame counts, and chartpipe does at least the peer's work per frame.
Prints: ratio sonify CASE ours_s peer_s ratio limit PASS|FAIL
"""
import json
import os
import statistics
import subprocess
import sys

import numpy as np

from numpy_synth import synthesise
from timing import measure

LIMIT = 1.0


def main():
    small = os.environ.get("BENCH_SMALL") == "1"
    seconds = 6.0 if small else 60.0
    rate = 44100
    controls = 1000
    repeats = 3 if small else 7
    data_dir = os.environ.get("DATA_DIR", "/tmp")
    os.makedirs(data_dir, exist_ok=True)
    # A random walk with a fixed seed: the control points both sides play.
    values = np.cumsum(np.random.default_rng(20261129).normal(size=controls)).astype("<f8")
    path = os.path.join(data_dir, f"sonify_controls_{controls}.f64")
    values.tofile(path)

    walls, pcm = measure(lambda: synthesise(values, seconds, rate), repeats)
    peer = statistics.median(walls)

    out = subprocess.run([os.environ["BENCH_BIN"], "sonify", path, str(seconds), str(rate), str(repeats)],
                         check=True, capture_output=True, text=True).stdout
    line = json.loads(out.strip().splitlines()[-1])
    if "error" in line:
        sys.exit(f"ChartpipeBench sonify: {line['error']}")
    ours = line["median_s"]
    if line["frames"] != len(pcm):
        sys.exit(f"frame counts differ: ours {line['frames']}, peer {len(pcm)}")
    ratio = ours / peer
    verdict = "PASS" if ratio <= LIMIT else "FAIL"
    case = f"synth-{int(seconds)}s-{rate}Hz-{controls}pts-per-frame(ours-stereo,peer-mono)"
    print(f"ratio sonify {case} {ours:.6f} {peer:.6f} {ratio:.3f} {LIMIT} {verdict}", flush=True)
    results = os.environ.get("RESULTS_DIR")
    if results:
        os.makedirs(results, exist_ok=True)
        with open(os.path.join(results, "sonify.jsonl"), "a") as f:
            f.write(json.dumps({"case": case, "ours": line, "peer_runs_s": walls, "ratio": ratio}) + "\n")


if __name__ == "__main__":
    main()
