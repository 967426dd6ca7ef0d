"""In-process timing of the Python peers, the way ChartpipeBench times our stages: untimed warm-up
calls, then counted calls, each one's wall-clock seconds (time.perf_counter)."""
import gc
import time


def measure(work, repeats, warmup=1):
    """The seconds of each of `repeats` calls of `work()` after `warmup` untimed ones, and the last result."""
    result = None
    for _ in range(warmup):
        result = work()
    seconds = []
    for _ in range(repeats):
        result = None  # one result alive at a time, and no collection inside the timing
        gc.collect()
        start = time.perf_counter()
        result = work()
        seconds.append(time.perf_counter() - start)
    return seconds, result
