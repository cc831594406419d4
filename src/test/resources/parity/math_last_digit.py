# Transcendental functions at full precision: GraalPy computes them in Java, CPython with the C library.
import math

print(math.erf(1), math.erfc(0.5), math.atan(3.8462710029700986), math.sin(0.7353235235128475))
print(math.log10(1000), math.log2(1024), math.sqrt(2), math.exp(1))
