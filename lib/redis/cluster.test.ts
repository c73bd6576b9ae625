import type { Cluster } from "ioredis";
import { describe, expect, it } from "vitest";
import { bounded, coveringMasters, mastersOf, parseClusterNodes } from "./cluster";

describe("REDIS_CLUSTER_NODES", () => {
  it("lists start nodes as host and port", () => {
    expect(parseClusterNodes("127.0.0.1:7000, redis-b.internal:7001,")).toEqual([
      { host: "127.0.0.1", port: 7000 },
      { host: "redis-b.internal", port: 7001 },
    ]);
  });
});

describe("bounded", () => {
  it("fails a command that waits past its bound (a cluster queueing through a failover)", async () => {
    await expect(bounded(new Promise(() => {}), 20)).rejects.toThrow(/timed out after 20 ms/);
    await expect(bounded(Promise.resolve(1), 20)).resolves.toBe(1);
  });
});

describe("coveringMasters", () => {
  // What ioredis's Cluster shows: its status, the slot table (master first) and its master nodes.
  const cluster = (owners: (string | undefined)[], masters: string[], status = "ready") =>
    ({
      status,
      slots: Array.from({ length: 16_384 }, (_, slot) => {
        const owner = owners[Math.floor((slot * owners.length) / 16_384)];
        return owner ? [owner] : [];
      }),
      nodes: () =>
        masters.map((m) => ({ options: { host: m.split(":")[0], port: Number(m.split(":")[1]) } })),
    }) as unknown as Cluster;

  it("gives the masters that own every slot, for a scan that must see every key", () => {
    const c = cluster(["127.0.0.1:7000", "127.0.0.1:7001"], ["127.0.0.1:7001", "127.0.0.1:7000"]);
    expect(coveringMasters(c)).toHaveLength(2);
    expect(mastersOf(c)).toBe("127.0.0.1:7000,127.0.0.1:7001");
  });

  it("refuses while a slot has no known master, or the client is not ready", () => {
    expect(() => coveringMasters(cluster(["127.0.0.1:7000", undefined], ["127.0.0.1:7000"]))).toThrow(
      /slot 8192 has no known master/,
    );
    expect(() =>
      coveringMasters(cluster(["127.0.0.1:7000", "127.0.0.1:7002"], ["127.0.0.1:7000", "127.0.0.1:7001"])),
    ).toThrow(/no known master/);
    expect(() => coveringMasters(cluster(["127.0.0.1:7000"], ["127.0.0.1:7000"], "connecting"))).toThrow(
      /connecting/,
    );
  });
});
