# The smallest subnormal float's shortest repr is 5e-324; GraalPy prints Java's 4.9e-324.
import math, sys
print(5e-324, repr(math.ulp(0.0)), math.nextafter(0.0, 1.0), -5e-324, sys.float_info.min * sys.float_info.epsilon)
print([float(f"{k}e-324") for k in range(1, 10)])
