import sys
print(sys.get_int_max_str_digits(), sys.int_info.default_max_str_digits, sys.int_info.str_digits_check_threshold)
big = 10 ** 5000
# The limit's message is worded differently by GraalPy (error_wording); the type is the same.
for convert in (lambda: str(big), lambda: int("1" * 5000)):
    try:
        convert()
    except ValueError as e:
        print("ValueError", "4300" in str(e))
print(len(hex(big)), len(str(10 ** 4299)))
sys.set_int_max_str_digits(10000)
print(len(str(big)), sys.get_int_max_str_digits())
try:
    sys.set_int_max_str_digits(100)
except ValueError as e:
    print("ValueError:", e)
sys.set_int_max_str_digits(0)
print(len(str(10 ** 6000)), str(2 ** 200), f"{2**64:,}", f"{2**70:_x}", f"{-(2**100):e}")
print(2 ** 64 // 3, -(2 ** 64) // 3, (2 ** 100) % 97, divmod(10 ** 30, 7), (2 ** 100).bit_length(), int(1e300) % 1000)
print(float(2 ** 1023), 2 ** 1024 / 2 ** 1000)
try:
    float(2 ** 1024)
except OverflowError as e:
    print("OverflowError:", e)
print(10 ** 40 == 1e40, 10 ** 22 == 1e22, int(1e22), round(10 ** 25, -24), abs(-(10 ** 30)), hash(2 ** 61 - 1), hash(2 ** 61), hash(-1), hash(-2))
print(sum(range(10 ** 6)), sum(i * i for i in range(1000)), 3 ** 200 > 2 ** 300, max(2 ** 80, 3 ** 50))
sys.set_int_max_str_digits(4300)
