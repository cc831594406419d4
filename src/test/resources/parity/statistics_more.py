import statistics as st
from fractions import Fraction
from decimal import Decimal
nd = st.NormalDist(100, 15)
print(nd, round(nd.cdf(130), 10), round(nd.inv_cdf(0.975), 8), round(nd.pdf(100), 12), nd.mean, nd.stdev, nd.variance)
print([round(x, 6) for x in nd.quantiles(4)], round(nd.overlap(st.NormalDist(110, 15)), 10), round(nd.zscore(85), 6))
s = st.NormalDist.from_samples([2, 4, 4, 4, 5, 5, 7, 9]); print(s.mean, round(s.stdev, 10), nd + 5, nd * 2)
x = [1, 2, 3, 4, 5]; y = [2, 4, 5, 4, 5]
print(round(st.correlation(x, y), 12), st.covariance(x, y), st.linear_regression(x, y))
print(st.linear_regression(x, y, proportional=True) if True else "")
print(st.fmean([1, 2, 3, 4]), st.fmean([1, 2, 3], weights=[3, 2, 1]), round(st.geometric_mean([1, 2, 4]), 12), st.harmonic_mean([40, 60]), st.harmonic_mean([40, 60], weights=[5, 30]))
print(st.mean([Fraction(1, 3), Fraction(2, 3)]), st.mean([Decimal("1.1"), Decimal("2.2")]), st.median_low([1, 3, 5, 7]), st.median_high([1, 3, 5, 7]), st.median_grouped([1, 2, 2, 3, 4]))
print(st.multimode("aabbbccc"), st.mode([1, 1, 2]), st.pstdev([1, 2, 3, 4]), st.variance([1, 2, 3, 4]), st.pvariance([Fraction(1), Fraction(2)]))
print(st.quantiles(range(1, 11), n=4), st.quantiles(range(1, 11), n=4, method="inclusive"), st.quantiles([1, 2], n=3))
print(round(st.correlation(x, y, method="ranked"), 12) if "method" in st.correlation.__code__.co_varnames else "", st.kde if hasattr(st, "kde") else "no kde in 3.12")
for bad in [lambda: st.mean([]), lambda: st.stdev([1]), lambda: st.correlation([1, 1], [2, 3]), lambda: st.geometric_mean([0, 1]), lambda: st.NormalDist(0, -1)]:
    try:
        bad()
    except st.StatisticsError as e:
        print("StatisticsError:", e)
    except ValueError as e:
        print("ValueError:", e)
