import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "#server/platform/safe-fetch.ts";

describe("isPrivateAddress (ipaddr.js range names)", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["192.168.1.20", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["::1", true],
    ["::", true],
    ["fd00::1", true],
    ["fe80::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:10.0.0.1", true],
    ["not an address", true],
    // Issue 19, item 11: IPv6 forms that carry a private IPv4 address, or are no public address at all.
    ["::7f00:1", true],
    ["::a00:1", true],
    ["2002:7f00:1::", true],
    ["2002:c0a8:101::1", true],
    ["64:ff9b::7f00:1", true],
    ["64:ff9b:1::a00:1", true],
    ["::ffff:0:7f00:1", true],
    ["::ffff:7f00:1", true],
    ["2001::1", true],
    ["2001:db8::1", true],
    ["fec0::1", true],
    ["fe80::1%eth0", true],
    ["ff02::1", true],
    ["100::1", true],
    ["4000::1", true],
    ["198.18.0.1", true],
    ["192.0.2.1", true],
    ["255.255.255.255", true],
    ["8.8.8.8", false],
    ["172.32.0.1", false],
    ["93.184.216.34", false],
    ["2606:4700:4700::1111", false],
    ["::ffff:8.8.8.8", false],
    ["2001:4860:4860::8888", false],
    ["2a00:1450:4001:80b::200e", false],
    ["1.1.1.1", false],
  ])("%s → %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
