import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "@/lib/webhooks/private-address";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1", "127.255.0.9", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
    "0.0.0.0", "100.64.0.1", "100.127.255.255", "224.0.0.1", "255.255.255.255",
    "::1", "[::1]", "::", "fd12:3456::1", "fc00::1", "fe80::1", "ff02::1",
    "::ffff:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1",
    "64:ff9b::a00:1", "not-an-ip", "localhost",
    // Special-purpose ranges (IANA) that a list of private ranges alone misses.
    "fec0::1", "64:ff9b:1::7f00:1", "2002:7f00:1::1", "2001:db8::1", "192.0.2.1", "198.51.100.7", "203.0.113.9", "192.88.99.1",
  ])("refuses %s", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2001:4860::8888"])(
    "allows public %s",
    (ip) => {
      expect(isPrivateAddress(ip)).toBe(false);
    },
  );
});
