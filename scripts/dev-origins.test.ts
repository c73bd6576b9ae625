// Which hosts `next dev` serves its scripts and HMR to, so a page opened at any address the dev
// server answers on runs its JavaScript.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { devOrigins } from "./dev-origins.mjs";

describe("devOrigins", () => {
  it("allows APP_URL's host, the loopback addresses and the machine's own addresses and name", () => {
    const origins = devOrigins({
      appUrl: "http://Jobs.Example.test:4000/",
      interfaces: {
        lo: [{ address: "127.0.0.1" }, { address: "::1" }],
        eth0: [{ address: "192.168.1.20" }, { address: "fe80::1c2:3ff:fe4:5" }],
      },
      machine: "devbox",
    });
    expect(origins).toEqual(
      expect.arrayContaining([
        "jobs.example.test",
        "localhost",
        "127.0.0.1",
        "[::1]",
        "192.168.1.20",
        "[fe80::1c2:3ff:fe4:5]",
        "devbox",
      ]),
    );
    expect(origins.every((o) => !/:\d+$/.test(o))).toBe(true); // hostnames only: Next compares those
  });

  it("reads this machine's addresses when not given, and survives a missing or odd APP_URL", () => {
    expect(devOrigins({ appUrl: "not a url", interfaces: {}, machine: "" })).toEqual([
      "localhost",
      "127.0.0.1",
      "[::1]",
    ]);
    expect(devOrigins({ appUrl: "" })).toContain("127.0.0.1");
  });

  it("is what next.config.mjs gives next dev", () => {
    const config = readFileSync("next.config.mjs", "utf8");
    expect(config).toMatch(/import \{ devOrigins \} from "\.\/scripts\/dev-origins\.mjs"/);
    expect(config).toMatch(/allowedDevOrigins: devOrigins\(\)/);
  });
});
