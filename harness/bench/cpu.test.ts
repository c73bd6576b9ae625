import { once } from "node:events";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { CLK_TCK, listenerPid, processCpuSeconds } from "./cpu";

describe("the benches' CPU accounting", () => {
  it("finds the process listening on a port, and no process for a port nobody listens on", async () => {
    const server = createServer().listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    try {
      expect(listenerPid(port)).toBe(process.pid);
    } finally {
      server.close();
      await once(server, "close");
    }
    expect(listenerPid(port)).toBeUndefined();
  });

  it("reads a process's CPU time in seconds, growing as it works", () => {
    expect(CLK_TCK).toBeGreaterThan(0);
    const before = processCpuSeconds(process.pid);
    const until = performance.now() + 60;
    while (performance.now() < until) Math.sqrt(Math.random());
    expect(processCpuSeconds(process.pid)).toBeGreaterThan(before);
    expect(processCpuSeconds(2 ** 22 + 1)).toBeNaN();
  });
});
