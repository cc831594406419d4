# The C library's strftime extensions that Linux scripts use as shorthands.
import datetime
import time

moment = datetime.datetime(2023, 11, 14, 22, 13, 20)
print(moment.strftime("%F %T"), moment.strftime("%D %R"), moment.strftime("%e|%k|%l|%P"))
print(time.strftime("%F %T", time.gmtime(1700000000)), time.strftime("%C %g %h", time.gmtime(0)))
print(f"{moment:%F}", moment.strftime("%Y-%m-%d %H:%M:%S"))
