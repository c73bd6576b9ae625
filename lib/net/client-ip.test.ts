import { describe, expect, it } from "vitest";
import { bucketOf } from "./client-ip";

describe("bucketOf", () => {
  it("puts what is no IPv6 address in one bucket instead of failing", () => {
    for (const text of ["1:2:3:4:5:6:7:8:9::", "1::2::3", "1:2:3:4:5:6:7:8:9", "zz::1", ":"])
      expect([text, bucketOf(text)]).toEqual([text, "invalid"]);
    expect(bucketOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });

  it("reads an address a proxy wrote with its port", () => {
    expect(bucketOf("1.2.3.4:56789")).toBe("1.2.3.4");
    expect(bucketOf("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
    expect(bucketOf("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
  });
});
