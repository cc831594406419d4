"""SHAKE128 and SHAKE256 (FIPS 202) with any output length, as CPython's hashlib.shake_128 and shake_256 have them.
GraalPy's give only 32 and 64 bytes (the JDK's fixed-length SHAKE digests) and raise ValueError for any other
length, so `shake_128(data).hexdigest(8)`, the usual short id, failed. SHAKE is an extendable-output function: a
shorter output is a prefix of a longer one, so up to those lengths the JDK's digest is cut; longer outputs are
squeezed by the Keccak sponge below, in pure Python, from the input the object keeps for it (slow past a few
megabytes)."""

_MASK = (1 << 64) - 1
# Rotation of lane (x, y), at index x + 5 * y (FIPS 202, 3.2.2).
_ROTATIONS = (0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14)


def _round_constants():
    """The 24 iota constants, from the LFSR of FIPS 202, 3.2.5, rather than a table copied by hand."""
    state, constants = 1, []
    for _ in range(24):
        constant = 0
        for j in range(7):
            if state & 1:
                constant |= 1 << ((1 << j) - 1)
            state = ((state << 1) ^ 0x71) & 0xFF if state & 0x80 else state << 1
        constants.append(constant)
    return tuple(constants)


_ROUND_CONSTANTS = _round_constants()


def _permute(lanes):
    """Keccak-f[1600] on 25 lanes, index x + 5 * y."""
    a = lanes
    for constant in _ROUND_CONSTANTS:
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x - 1) % 5] ^ (((c[(x + 1) % 5] << 1) | (c[(x + 1) % 5] >> 63)) & _MASK) for x in range(5)]
        b = [0] * 25
        for i in range(25):
            x, y = i % 5, i // 5
            lane, shift = a[i] ^ d[x], _ROTATIONS[i]
            b[y + 5 * ((2 * x + 3 * y) % 5)] = ((lane << shift) | (lane >> (64 - shift))) & _MASK if shift else lane
        a = [b[i] ^ (~b[(i % 5 + 1) % 5 + i - i % 5] & b[(i % 5 + 2) % 5 + i - i % 5]) for i in range(25)]
        a[0] ^= constant
    return a


def _shake(data, rate, length):
    """SHAKE's sponge: absorb `data` at `rate` bytes a block with the 1111 domain padding, squeeze `length` bytes."""
    padded = bytearray(data)
    padded.append(0x1F)
    padded.extend(bytes(-len(padded) % rate))
    padded[-1] |= 0x80
    lanes = [0] * 25
    for start in range(0, len(padded), rate):
        block = padded[start:start + rate]
        for i in range(rate // 8):
            lanes[i] ^= int.from_bytes(block[8 * i:8 * i + 8], "little")
        lanes = _permute(lanes)
    out = bytearray()
    while True:
        out.extend(b"".join(lane.to_bytes(8, "little") for lane in lanes[:rate // 8]))
        if len(out) >= length:
            return bytes(out[:length])
        lanes = _permute(lanes)


def shake_class(native, name, rate, native_length):
    """A class standing in for GraalPy's `native` (_sha3.shake_128 or shake_256), answering every length."""

    class Shake:
        digest_size = 0
        block_size = rate

        def __init__(self, data=b"", /, *, usedforsecurity=True, string=None):
            if string is not None:
                data = string
            self._native = native()
            self._input = []
            if data:
                self.update(data)

        @property
        def name(self):
            return name

        def update(self, data, /):
            self._native.update(data)  # GraalPy's checks the type and raises CPython's TypeError
            self._input.append(bytes(data))

        def copy(self):
            twin = Shake.__new__(Shake)
            twin._native, twin._input = self._native.copy(), list(self._input)
            return twin

        def digest(self, length, /):
            if length < 0:
                raise ValueError("negative digest length")
            if length <= native_length:
                return self._native.digest(native_length)[:length]
            return _shake(b"".join(self._input), rate, length)

        def hexdigest(self, length, /):
            return self.digest(length).hex()

        def __repr__(self):
            return f"<{name} _sha3.{name} object @ {hex(id(self))}>"

    Shake.__name__ = Shake.__qualname__ = name
    Shake.__module__ = "_sha3"
    return Shake
