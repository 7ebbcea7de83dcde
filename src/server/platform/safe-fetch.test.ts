import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "#server/platform/safe-fetch.ts";

describe("isPrivateAddress", () => {
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
    ["8.8.8.8", false],
    ["172.32.0.1", false],
    ["93.184.216.34", false],
    ["2606:4700:4700::1111", false],
    ["::ffff:8.8.8.8", false],
  ])("%s → %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
