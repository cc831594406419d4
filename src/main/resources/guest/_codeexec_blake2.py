"""BLAKE2b and BLAKE2s (RFC 7693) with every parameter of CPython's hashlib.blake2b and blake2s: digest size, key,
salt, personalization and the tree-hashing fields. GraalPy asks the JDK for BLAKE2 digests, which it does not have:
hashlib's blake2b and blake2s are these (_codeexec_patches). Pure Python: fine for keys, tokens and files of a few
megabytes, slow for more."""

_SIGMA = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
    (14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3),
    (11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4),
    (7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8),
    (9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13),
    (2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9),
    (12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11),
    (13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10),
    (6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5),
    (10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0),
)


# The state words each of a round's eight G mixes works on: four columns, then four diagonals.
_MIXES = ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
          (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14))


class _Variant:
    def __init__(self, name, word_bits, rounds, rotations, iv, salt_size, offset_bits):
        self.name = name
        self.word_bytes = word_bits // 8
        self.block_size = 16 * self.word_bytes
        self.max_digest = 8 * self.word_bytes
        self.mask = (1 << word_bits) - 1
        self.bits = word_bits
        self.rounds = rounds
        self.rotations = rotations
        self.iv = iv
        self.salt_size = salt_size
        self.offset_bits = offset_bits


_B = _Variant("blake2b", 64, 12, (32, 24, 16, 63), (
    0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1,
    0x510E527FADE682D1, 0x9B05688C2B3E6C1F, 0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179), 16, 64)
_S = _Variant("blake2s", 32, 10, (16, 12, 8, 7), (
    0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19), 8, 48)


def _bytes(value):
    if isinstance(value, str):
        raise TypeError("Strings must be encoded before hashing")
    return bytes(memoryview(value))


class _Blake2:
    _variant = None

    def __init__(self, data=b"", *, digest_size=None, key=b"", salt=b"", person=b"", fanout=1, depth=1,
                 leaf_size=0, node_offset=0, node_depth=0, inner_size=0, last_node=False, usedforsecurity=True):
        v = self._variant
        if digest_size is None:
            digest_size = v.max_digest
        key, salt, person = _bytes(key), _bytes(salt), _bytes(person)
        if not 1 <= digest_size <= v.max_digest:
            raise ValueError(f"digest_size must be between 1 and {v.max_digest} bytes")
        if len(key) > v.max_digest:
            raise ValueError(f"maximum key length is {v.max_digest} bytes")
        if len(salt) > v.salt_size:
            raise ValueError(f"maximum salt length is {v.salt_size} bytes")
        if len(person) > v.salt_size:
            raise ValueError(f"maximum person length is {v.salt_size} bytes")
        if not 0 <= fanout <= 255:
            raise ValueError("fanout must be between 0 and 255")
        if not 1 <= depth <= 255:
            raise ValueError("depth must be between 1 and 255")
        if not 0 <= leaf_size < 1 << 32:
            raise OverflowError("leaf_size is too large" if leaf_size > 0 else "value must be positive")
        if not 0 <= node_offset < 1 << v.offset_bits:
            raise OverflowError("node_offset is too large" if node_offset > 0 else "value must be positive")
        if not 0 <= node_depth <= 255:
            raise ValueError("node_depth must be between 0 and 255")
        if not 0 <= inner_size <= v.max_digest:
            raise ValueError(f"inner_size must be between 0 and is {v.max_digest}")
        w = v.word_bytes
        block = bytearray(8 * w)
        block[0:4] = bytes((digest_size, len(key), fanout, depth))
        block[4:8] = leaf_size.to_bytes(4, "little")
        block[8:8 + v.offset_bits // 8] = node_offset.to_bytes(v.offset_bits // 8, "little")
        at = 8 + v.offset_bits // 8
        block[at:at + 2] = bytes((node_depth, inner_size))
        salt_at = 4 * w
        block[salt_at:salt_at + len(salt)] = salt
        block[salt_at + v.salt_size:salt_at + v.salt_size + len(person)] = person
        self._h = [v.iv[i] ^ int.from_bytes(block[i * w:(i + 1) * w], "little") for i in range(8)]
        self._counter = 0
        self._buffer = b""
        self._last_node = bool(last_node)
        self.digest_size = digest_size
        if key:
            self._buffer = key + bytes(v.block_size - len(key))
        if data:
            self.update(data)

    name = property(lambda self: self._variant.name)
    block_size = property(lambda self: self._variant.block_size)

    def update(self, data):
        data = _bytes(data)
        size = self._variant.block_size
        buffer = self._buffer + data
        # The last block is compressed only at digest(), with the final flag: keep it while more may come.
        full = (len(buffer) - 1) // size * size if buffer else 0
        for i in range(0, full, size):
            self._counter += size
            self._compress(buffer[i:i + size], False)
        self._buffer = buffer[full:]

    def _compress(self, block, final, h=None):
        v = self._variant
        mask, bits, w = v.mask, v.bits, v.word_bytes
        r1, r2, r3, r4 = v.rotations
        h = self._h if h is None else h
        m = [int.from_bytes(block[i * w:(i + 1) * w], "little") for i in range(16)]
        s = h[:] + list(v.iv)
        s[12] ^= self._counter & mask
        s[13] ^= self._counter >> bits
        if final:
            s[14] ^= mask
            if self._last_node:
                s[15] ^= mask
        for r in range(v.rounds):
            sigma = _SIGMA[r % 10]
            for i, (a, b, c, d) in enumerate(_MIXES):
                x, y = m[sigma[2 * i]], m[sigma[2 * i + 1]]
                va = (s[a] + s[b] + x) & mask
                vd = s[d] ^ va
                vd = ((vd >> r1) | (vd << (bits - r1))) & mask
                vc = (s[c] + vd) & mask
                vb = s[b] ^ vc
                vb = ((vb >> r2) | (vb << (bits - r2))) & mask
                va = (va + vb + y) & mask
                vd ^= va
                vd = ((vd >> r3) | (vd << (bits - r3))) & mask
                vc = (vc + vd) & mask
                vb ^= vc
                vb = ((vb >> r4) | (vb << (bits - r4))) & mask
                s[a], s[b], s[c], s[d] = va, vb, vc, vd
        for i in range(8):
            h[i] ^= s[i] ^ s[i + 8]
        return h

    def digest(self):
        v = self._variant
        counter = self._counter
        self._counter += len(self._buffer)
        h = self._compress(self._buffer + bytes(v.block_size - len(self._buffer)), True, self._h[:])
        self._counter = counter
        return b"".join(word.to_bytes(v.word_bytes, "little") for word in h)[:self.digest_size]

    def hexdigest(self):
        return self.digest().hex()

    def copy(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._h = self._h[:]
        return other


class blake2b(_Blake2):
    """Return a new BLAKE2b hash object."""
    _variant = _B
    SALT_SIZE = PERSON_SIZE = 16
    MAX_KEY_SIZE = MAX_DIGEST_SIZE = 64


class blake2s(_Blake2):
    """Return a new BLAKE2s hash object."""
    _variant = _S
    SALT_SIZE = PERSON_SIZE = 8
    MAX_KEY_SIZE = MAX_DIGEST_SIZE = 32
