import ipaddress
net = ipaddress.ip_network("192.168.1.0/28")
print(net.num_addresses, net.netmask, net.broadcast_address, [str(h) for h in list(net.hosts())[:3]])
print(ipaddress.ip_address("10.0.0.5") in ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_address("::1").is_loopback)
print(list(ipaddress.ip_network("10.0.0.0/30").subnets(new_prefix=31)), ipaddress.ip_address("192.168.0.1").is_private)
v6 = ipaddress.IPv6Address("2001:db8::1")
print(v6.exploded, v6.compressed, ipaddress.ip_interface("10.1.2.3/24").network, int(ipaddress.IPv4Address("1.2.3.4")))
print(sorted(ipaddress.collapse_addresses([ipaddress.ip_network("10.0.0.0/25"), ipaddress.ip_network("10.0.0.128/25")])))
try:
    ipaddress.ip_address("300.1.1.1")
except ValueError as e:
    print("ValueError:", e)
