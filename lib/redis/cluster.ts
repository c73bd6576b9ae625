// A Redis Cluster behind the same @upstash/redis requester as a single TCP Redis: ioredis's
// Cluster client follows MOVED/ASK redirections and master failovers, and routes a script by
// its first key's slot. The quota script's keys share one hash tag (lib/keys/cached-state.ts),
// so each script runs on the one master that owns that tag's slot.
import { Cluster, type Redis } from "ioredis";

/** "host:port,host:port" → ioredis start nodes; any one reachable node is enough to start. */
export function parseClusterNodes(list: string): { host: string; port: number }[] {
  return list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const at = s.lastIndexOf(":");
      return { host: s.slice(0, at), port: Number(s.slice(at + 1)) };
    });
}

// While a master fails over its slots answer CLUSTERDOWN or time out; commands then fail fast
// (the breaker sends quotas to Postgres) instead of queueing for the whole election.
const COMMAND_TIMEOUT_MS = 300;

export function clusterClient(list: string): Cluster {
  const cluster = new Cluster(parseClusterNodes(list), {
    scaleReads: "master",
    maxRedirections: 4,
    retryDelayOnFailover: 100,
    retryDelayOnClusterDown: 100,
    retryDelayOnTryAgain: 100,
    slotsRefreshTimeout: 1_000,
    slotsRefreshInterval: 2_000,
    clusterRetryStrategy: (n) => Math.min(n * 100, 1_000),
    redisOptions: {
      // Our callers re-send what they can safely re-send (by request or lease id); a command
      // re-sent by the client after a reconnect could reach a Redis that lost what it did.
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 1_000,
    },
  });
  cluster.on("error", () => {}); // surfaced per command instead
  return cluster;
}

/**
 * Bounds a cluster command as a whole: ioredis's own timeout covers one node's reply, not the
 * time a command waits in the cluster's queue while slots are being refreshed.
 */
export function bounded<T>(work: Promise<T>, ms = COMMAND_TIMEOUT_MS * 2): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis Cluster command timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const SLOTS = 16_384;
const nameOf = (node: { options: { host?: string; port?: number } }) =>
  `${node.options.host}:${node.options.port}`;

/** A scan of every master refused for now (the client not ready, a failover under way). */
export class ClusterScanRefused extends Error {}

/**
 * The masters that together own every slot, for a command that must see every key (SCAN).
 * Refuses while any slot has no known master (the client is not ready, a failover is under way):
 * a scan that skipped a master would miss its keys.
 */
export function coveringMasters(cluster: Cluster): Redis[] {
  if (cluster.status !== "ready") throw new ClusterScanRefused(`the cluster client is ${cluster.status}`);
  const masters = cluster.nodes("master");
  const names = new Set(masters.map(nameOf));
  for (let slot = 0; slot < SLOTS; slot++) {
    const owner = cluster.slots[slot]?.[0];
    if (!owner || !names.has(owner)) throw new ClusterScanRefused(`slot ${slot} has no known master`);
  }
  return masters;
}

/** Which masters (the cluster's now, or the given nodes), as one comparable string. */
export function mastersOf(cluster: Cluster, nodes: Redis[] = cluster.nodes("master")): string {
  return nodes.map(nameOf).sort().join(",");
}
