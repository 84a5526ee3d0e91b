"""A session's chance streams, drawn by compiled code: the same numbers, without numpy's
per-game set-up.

Each of a session's streams (:class:`~landlord.session.ChanceStream`,
:class:`~landlord.session.TurnStream`) is a numpy ``Generator`` over a ``PCG64``
seeded by a ``SeedSequence`` of the session's seed and the purpose's CRC-32. Made in
Python, that costs about 12 µs a stream, four streams a game: more than a compiled
game of Quikopoly takes to play. Here the same three steps run compiled:

* the ``SeedSequence``: the seed's and the key's 32-bit words mixed into a pool of four
  words (``mix_entropy``), and the pool hashed into four 64-bit words
  (``generate_state(4, np.uint64)``);
* ``PCG64``'s seeding from those words (``pcg_setseq_128_srandom_r``) and its step (the
  128-bit linear congruential generator with numpy's default multiplier, and the XSL-RR
  output);
* ``Generator.random``: the top 53 bits of each output, times 2**-53.

The arithmetic follows numpy's published algorithms (``numpy/random/bit_generator.pyx``
and ``numpy/random/src/pcg64``); ``tests/test_batch_streams.py`` checks every number
against numpy itself for many seeds and purposes, so a change in numpy's streams would
fail there rather than change games quietly.

128-bit numbers are kept as two 64-bit halves (numba has no 128-bit integer).
"""

from __future__ import annotations

import functools
import zlib

import numpy as np
from numba import njit, uint32, uint64

from landlord.batch.kernel import helper

__all__ = ["draw", "fill", "fill_from", "purpose_key", "start", "uniforms"]

#: SeedSequence's constants (bit_generator.pyx).
INIT_A, MULT_A = 0x43B0D7E5, 0x931E8875
INIT_B, MULT_B = 0x8B51F9DD, 0x58F38DED
MIX_MULT_L, MIX_MULT_R = 0xCA01F9DD, 0x4973F715
POOL_SIZE = 4
#: PCG64's default 128-bit multiplier, high and low halves (pcg64.h).
MULT_HI, MULT_LO = 2549297995355413924, 4865540595714422341


@helper
def _hashmix(value, hash_const):  # pragma: no cover
    """SeedSequence's hashmix: ``value`` mixed with the running constant, which moves on
    (returned second)."""
    value = uint32(value ^ hash_const)
    hash_const = uint32(hash_const * uint32(MULT_A))
    value = uint32(value * hash_const)
    value = uint32(value ^ (value >> uint32(16)))
    return value, hash_const


@helper
def _mix(x, y):  # pragma: no cover
    """SeedSequence's mix of two pool words."""
    result = uint32(uint32(uint32(MIX_MULT_L) * x) - uint32(uint32(MIX_MULT_R) * y))
    return uint32(result ^ (result >> uint32(16)))


@helper
def _pool(entropy, count, pool):  # pragma: no cover
    """SeedSequence.mix_entropy: the first ``count`` words of ``entropy`` into ``pool``."""
    hash_const = uint32(INIT_A)
    for i in range(POOL_SIZE):
        word = entropy[i] if i < count else uint32(0)
        pool[i], hash_const = _hashmix(word, hash_const)
    for i_src in range(POOL_SIZE):
        for i_dst in range(POOL_SIZE):
            if i_src != i_dst:
                mixed, hash_const = _hashmix(pool[i_src], hash_const)
                pool[i_dst] = _mix(pool[i_dst], mixed)
    for i_src in range(POOL_SIZE, count):
        for i_dst in range(POOL_SIZE):
            mixed, hash_const = _hashmix(entropy[i_src], hash_const)
            pool[i_dst] = _mix(pool[i_dst], mixed)


@helper
def _mul64(a, b):  # pragma: no cover
    """The full product of two 64-bit numbers, as (high, low) halves."""
    mask = uint64(0xFFFFFFFF)
    a_lo, a_hi = a & mask, a >> uint64(32)
    b_lo, b_hi = b & mask, b >> uint64(32)
    lo_lo = a_lo * b_lo
    hi_lo = a_hi * b_lo
    lo_hi = a_lo * b_hi
    cross = (lo_lo >> uint64(32)) + (hi_lo & mask) + lo_hi
    high = a_hi * b_hi + (hi_lo >> uint64(32)) + (cross >> uint64(32))
    low = (cross << uint64(32)) | (lo_lo & mask)
    return high, low


@helper
def _step(hi, lo, inc_hi, inc_lo):  # pragma: no cover
    """One step of the 128-bit generator: state * multiplier + increment."""
    carry_hi, low = _mul64(lo, uint64(MULT_LO))
    high = carry_hi + lo * uint64(MULT_HI) + hi * uint64(MULT_LO)
    low2 = low + inc_lo
    high = high + inc_hi + (uint64(1) if low2 < low else uint64(0))
    return high, low2


@helper
def _add128(hi, lo, add_hi, add_lo):  # pragma: no cover
    low = lo + add_lo
    return hi + add_hi + (uint64(1) if low < lo else uint64(0)), low


@helper
def _seed_words(pool, words):  # pragma: no cover
    """SeedSequence.generate_state(4, np.uint64) from the pool into ``words``: eight
    32-bit words, paired low word first."""
    hash_const = uint32(INIT_B)
    for i in range(8):
        data = uint32(pool[i % POOL_SIZE] ^ hash_const)
        hash_const = uint32(hash_const * uint32(MULT_B))
        data = uint32(data * hash_const)
        data = uint32(data ^ (data >> uint32(16)))
        if i % 2 == 0:
            words[i // 2] = uint64(data)
        else:
            words[i // 2] |= uint64(data) << uint64(32)


@njit(cache=True)
def uniforms(entropy, count, out):  # pragma: no cover
    """Fill ``out`` (1-D float64) with the first numbers in [0, 1) of the stream whose
    SeedSequence has the 32-bit words ``entropy[:count]`` (the seed's, padded with zeros
    to four, then the spawn key's): ``default_rng(SeedSequence(...)).random(len(out))``."""
    state = np.empty(4, np.uint64)
    start(entropy, count, state)
    fill(state, out)


@njit(cache=True)
def start(entropy, count, state):  # pragma: no cover
    """Set ``state`` (four 64-bit words: the generator's 128-bit state, high half first,
    then its increment) to the stream of :func:`uniforms`, before its first number; then
    :func:`fill` draws its numbers, as many at a time as wanted."""
    pool = np.empty(POOL_SIZE, np.uint32)
    _pool(entropy, count, pool)
    words = np.empty(4, np.uint64)
    _seed_words(pool, words)
    s0, s1, s2, s3 = words[0], words[1], words[2], words[3]
    # pcg64_set_seed: initstate = s0:s1, initseq = s2:s3 (high half first), then
    # pcg_setseq_128_srandom_r: inc = initseq << 1 | 1; a step; state += initstate; a step.
    inc_hi = (s2 << uint64(1)) | (s3 >> uint64(63))
    inc_lo = (s3 << uint64(1)) | uint64(1)
    hi, lo = _step(uint64(0), uint64(0), inc_hi, inc_lo)
    hi, lo = _add128(hi, lo, s0, s1)
    hi, lo = _step(hi, lo, inc_hi, inc_lo)
    state[0], state[1], state[2], state[3] = hi, lo, inc_hi, inc_lo


@helper
def fill(state, out):  # pragma: no cover
    """Fill ``out`` with the stream's next numbers in [0, 1), and move ``state`` on past
    them (:func:`start`)."""
    state[0], state[1] = fill_from(state[0], state[1], state[2], state[3], out)


@helper
def fill_from(hi, lo, inc_hi, inc_lo, out):  # pragma: no cover
    """:func:`fill` from a state given as its four words: returns the state's new halves
    (``hi``, ``lo``; the increment does not change)."""
    scale = 1.0 / 9007199254740992.0
    for k in range(out.shape[0]):
        hi, lo = _step(hi, lo, inc_hi, inc_lo)
        # XSL-RR: the halves xor-ed, rotated right by the state's top six bits.
        x = hi ^ lo
        r = hi >> uint64(58)
        x = (x >> r) | (x << ((uint64(64) - r) & uint64(63)))
        out[k] = float(x >> uint64(11)) * scale
    return hi, lo


def draw(seed: int, purpose: str, count: int) -> np.ndarray:
    """The first ``count`` numbers of a session's ``purpose`` stream for ``seed`` (a whole
    number >= 0): ``ChanceStream(SeedSequence(seed), purpose).generator.random(count)``."""
    if seed <= 0xFFFFFFFF:  # one word, padded to the pool's size, then the purpose's key
        entropy = np.array((seed, 0, 0, 0, purpose_key(purpose)), np.uint32)
    else:
        words = []
        while seed:  # SeedSequence's words of an int: 32 bits at a time, low first
            words.append(seed & 0xFFFFFFFF)
            seed >>= 32
        words += [0] * (POOL_SIZE - len(words))  # padded to the pool's size: a key follows
        entropy = np.array((*words, purpose_key(purpose)), np.uint32)
    out = np.empty(count)
    uniforms(entropy, len(entropy), out)
    return out


@functools.cache
def purpose_key(purpose: str) -> int:
    """The spawn key of a chance stream for ``purpose`` (:class:`~landlord.session.ChanceStream`):
    its CRC-32, which a family's batch path hands its compiled game for each stream it draws."""
    return zlib.crc32(purpose.encode())
