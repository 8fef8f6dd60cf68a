# slant's seeded generator (src/stats/rng.ts, mulberry32) in Python, for the reference scripts that
# replay a seeded computation: the same 32-bit operations, so the same seed gives the same uniforms
# in [0, 1) as createRng(seed) does in Node.
def mulberry32(seed):
    state = int(seed) & 0xffffffff
    def nxt():
        nonlocal state
        state = (state + 0x6d2b79f5) & 0xffffffff
        t = state
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xffffffff
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xffffffff)) & 0xffffffff
        return ((t ^ (t >> 14)) & 0xffffffff) / 4294967296
    return nxt
