import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy";

const refuse = (ips: string[]) => {
  for (const ip of ips) expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
};
const accept = (ips: string[]) => {
  for (const ip of ips) expect([ip, isPublicAddress(ip)]).toEqual([ip, true]);
};

describe("isPublicAddress, IPv4", () => {
  it("accepts ordinary public unicast addresses", () => {
    accept(["8.8.8.8", "1.1.1.1", "93.184.216.34", "100.63.255.255", "100.128.0.0", "172.32.0.1"]);
  });

  it("refuses this-network, private, shared and loopback ranges", () => {
    refuse(["0.0.0.0", "0.255.255.255", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.255"]);
    refuse([
      "127.0.0.1",
      "127.255.255.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "192.168.255.255",
    ]);
  });

  it("refuses link-local addresses, the cloud metadata address among them", () => {
    refuse(["169.254.0.1", "169.254.169.254", "169.254.255.255"]);
  });

  it("refuses protocol-assignment, documentation and benchmarking ranges", () => {
    refuse([
      "192.0.0.1",
      "192.0.0.255",
      "192.0.2.1",
      "198.51.100.7",
      "203.0.113.9",
      "198.18.0.1",
      "198.19.255.255",
    ]);
  });

  it("refuses multicast, reserved and broadcast", () => {
    refuse(["224.0.0.1", "239.255.255.255", "240.0.0.1", "250.1.2.3", "255.255.255.255"]);
  });

  it("refuses odd spellings rather than guess which address they mean", () => {
    refuse(["2130706433", "0x7f.1", "127.1", "0177.0.0.1", "010.0.0.1", "08.8.8.8", "0x08.8.8.8"]);
  });
});

describe("isPublicAddress, IPv6", () => {
  it("accepts ordinary global unicast addresses", () => {
    accept([
      "2606:4700:4700::1111",
      "2001:4860:4860::8888",
      "2a00:1450:4001:80b::200e",
      "[2606:4700:4700::1111]",
    ]);
  });

  it("refuses unspecified, loopback, unique-local, link-local and multicast", () => {
    refuse(["::", "::1", "[::1]", "fc00::1", "fd12:3456::1", "fe80::1", "febf::1", "fe80::1%eth0"]);
    refuse(["ff02::1", "ff0e::1", "ff00::"]);
  });

  it("refuses documentation, discard-only and Teredo ranges", () => {
    refuse(["2001:db8::1", "2001:db8:ffff::1", "100::1", "100::ffff:ffff:ffff:ffff", "2001::1"]);
  });

  it("refuses addresses outside today's global unicast space", () => {
    refuse(["4000::1", "fec0::1", "::ffff:0:7f00:1"]);
  });

  it("judges IPv4-mapped addresses by their IPv4 address, in every spelling", () => {
    refuse([
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "[::ffff:127.0.0.1]",
      "::FFFF:7F00:0001",
      "::ffff:10.0.0.1",
    ]);
    refuse(["0:0:0:0:0:ffff:a9fe:a9fe", "::ffff:169.254.169.254", "::ffff:192.168.1.1", "::ffff:0.0.0.0"]);
    accept(["::ffff:8.8.8.8", "::ffff:808:808", "[::ffff:1.1.1.1]"]);
  });

  it("refuses IPv4-compatible addresses whatever they embed", () => {
    refuse(["::127.0.0.1", "::7f00:1", "::8.8.8.8", "::808:808"]);
  });

  it("judges well-known NAT64 addresses by their IPv4 address", () => {
    refuse(["64:ff9b::127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::10.1.2.3"]);
    accept(["64:ff9b::8.8.8.8", "64:ff9b::808:808"]);
  });

  it("judges local-use NAT64 by its IPv4 address in the /96 layout and refuses other layouts", () => {
    refuse(["64:ff9b:1::127.0.0.1", "64:ff9b:1::a00:1"]);
    accept(["64:ff9b:1::8.8.8.8"]);
    // 127.0.0.1 in the /64 layout (bits 72–103): the last 32 bits alone would read as 1.0.0.0.
    refuse(["64:ff9b:1:0:7f:0:100:0", "64:ff9b:1:1::8.8.8.8"]);
  });

  it("judges 6to4 addresses by the IPv4 address in bits 16–47", () => {
    refuse(["2002:7f00:1::1", "2002:a00:1::", "2002:a9fe:a9fe::1", "2002:c0a8:101::1"]);
    accept(["2002:808:808::1"]);
  });
});

describe("isPublicAddress, not addresses", () => {
  it("refuses anything it cannot parse", () => {
    refuse(["", "localhost", "example.com", "1.2.3", "1.2.3.4.5", "256.1.1.1", " 8.8.8.8", "8.8.8.8 "]);
    refuse(["[8.8.8.8]", "::ffff:0x7f.0.0.1", "2606:4700:4700::1111::1", "gggg::1", "[2606:4700::1111"]);
  });
});
