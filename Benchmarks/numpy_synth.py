"""The peer of ratio_sonify.py: an audio graph synthesised with numpy in float64, mono.

Values map linearly to an exponent between 220 Hz and 880 Hz (two octaves), the control
frequencies are interpolated linearly to one per sample, the phase is their running sum (so the
tone glides without clicks), the sine is scaled by 0.8 with 10 ms linear fades at both ends, and
the result is rounded to 16-bit PCM.
"""
import numpy as np

LOW_HZ, OCTAVES, GAIN, FADE_S = 220.0, 2.0, 0.8, 0.010


def synthesise(values, seconds, rate):
    """int16 samples (`seconds` × `rate` of them) playing `values` as pitch."""
    samples = int(round(seconds * rate))
    values = np.asarray(values, dtype=np.float64)
    span = values.max() - values.min()
    level = (values - values.min()) / span if span > 0 else np.zeros_like(values)
    control_hz = LOW_HZ * np.exp2(OCTAVES * level)
    control_at = np.linspace(0.0, samples - 1, len(values))
    hz = np.interp(np.arange(samples, dtype=np.float64), control_at, control_hz)
    wave = GAIN * np.sin(np.cumsum(hz) * (2.0 * np.pi / rate))
    fade = np.linspace(0.0, 1.0, int(FADE_S * rate))
    wave[:len(fade)] *= fade
    wave[len(wave) - len(fade):] *= fade[::-1]
    return np.round(wave * 32767.0).astype("<i2")
