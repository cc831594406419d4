import statistics as st
data = [2.5, 3.1, 4.7, 3.1, 5.0, 2.2, 3.9, 4.1]
print(st.mean(data), st.median(data), st.mode(data), st.multimode([1, 1, 2, 2, 3]))
print(round(st.stdev(data), 6), round(st.pvariance(data), 6), st.median_low(data), st.median_high(data))
print(st.quantiles(data, n=4), st.harmonic_mean([40, 60]), st.geometric_mean([1, 10, 100]))
x, y = [1, 2, 3, 4, 5], [2, 4, 5, 4, 5]
print(st.correlation(x, y), st.linear_regression(x, y), st.covariance(x, y))
nd = st.NormalDist(100, 15)
print(round(nd.cdf(130), 6), round(nd.inv_cdf(0.975), 6), nd.zscore(85))
print(st.fmean([1, 2, 3, 4]), st.mean([1, 2, 3]), st.median_grouped([1, 2, 2, 3, 4]))
try:
    st.mean([])
except st.StatisticsError as e:
    print("StatisticsError:", e)
