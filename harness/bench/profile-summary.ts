// tsx harness/bench/profile-summary.ts <file.cpuprofile> [--requests N] [--skip S] [--match re]...
// Where a V8 CPU profile's time went: self time by owner (npm package, our bundled chunk, node
// internals, V8), the costliest functions, and the inclusive time of frames matching each
// --match. Per request when --requests is given. --skip drops the first S seconds after the
// first request the profile saw (start-up and the warm-up, which compile rather than serve).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    requests: { type: "string", default: "0" },
    skip: { type: "string" },
    match: { type: "string", multiple: true, default: [] },
  },
});
const file = positionals[0];
if (!file) throw new Error("usage: profile-summary <file.cpuprofile> [--requests N] [--skip S] [--match re]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const requests = Number(values.requests);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function* stack(id: number): Generator<Node> {
  for (let n = byId.get(id); n; n = byId.get(parent.get(n.id) ?? -1)) yield n;
}

/** A readable owner for a frame: the npm package, our bundled chunk, node internals or V8. */
function owner({ url, functionName }: Frame): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) {
    const next = /next\/dist\/(compiled\/[^/]+|server\/[^/]+|[^/]+)/.exec(url);
    return pkg[1] === "next" && next ? `next/${next[1]}` : pkg[1];
  }
  if (url.startsWith("node:")) return url.replace(/^node:internal\//, "node:").split("/")[0] ?? url;
  const chunk = /\.next\/(.*)$/.exec(url);
  return chunk ? `.next/${chunk[1]}` : url.replace(/^file:\/\/.*?\/(lib|app|scripts|server)/, "$1");
}

// Self time per node, from the window after --skip.
const selfUs = new Map<number, number>();
let t = 0;
let first: number | undefined;
const skipUs = values.skip === undefined ? undefined : Number(values.skip) * 1e6;
for (const [i, id] of profile.samples.entries()) {
  t += profile.timeDeltas[i] ?? 0;
  if (skipUs !== undefined) {
    if (first === undefined && [...stack(id)].some((n) => n.callFrame.functionName === "requestHandlerImpl"))
      first = t;
    if (first === undefined || t - first < skipUs) continue;
  }
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

const groups = new Map<string, number>();
const fns = new Map<string, number>();
const matched = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id);
  if (!n) continue;
  const o = owner(n.callFrame);
  groups.set(o, (groups.get(o) ?? 0) + us);
  const fn = `${n.callFrame.functionName || "(anonymous)"} ${o}:${n.callFrame.lineNumber + 1}`;
  fns.set(fn, (fns.get(fn) ?? 0) + us);
  const frames = [...stack(id)].map((f) => `${f.callFrame.functionName} ${f.callFrame.url}`);
  for (const re of values.match)
    if (frames.some((f) => new RegExp(re).test(f))) matched.set(re, (matched.get(re) ?? 0) + us);
}
const busy = [...selfUs.values()].reduce((a, b) => a + b, 0) - (groups.get("(idle)") ?? 0);
const fmt = (us: number) =>
  `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / busy).toFixed(1).padStart(5)} %${requests ? `${(us / requests).toFixed(1).padStart(8)} µs/req` : ""}`;
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`busy ${fmt(busy)}`);
console.log("\nself time by owner (busy time only):");
for (const [o, us] of top(groups, 30)) if (o !== "(idle)") console.log(`${fmt(us)}  ${o}`);
console.log("\ncostliest functions (self time):");
for (const [f, us] of top(fns, 40)) console.log(`${fmt(us)}  ${f}`);
if (matched.size) console.log("\ninclusive time of matching frames:");
for (const re of values.match) console.log(`${fmt(matched.get(re) ?? 0)}  /${re}/`);
