// The rows of npm run bench:pieces (harness/bench/pieces.ts): which app each serves, how its
// server starts, and which row it adds to. Add a row here.

export const OUT = "harness/bench/out/pieces";
export const BARE = "harness/bench/bare-next";
/** The apps a row can serve: the bare app, variants of it with the app's config or proxy, the app. */
export const APPS = {
  bare: { dir: BARE, path: "/api/ping" },
  config: { dir: `${OUT}/config`, path: "/api/ping" },
  proxy: { dir: `${OUT}/proxy`, path: "/api/ping" },
  "config+proxy": { dir: `${OUT}/config-proxy`, path: "/api/ping" },
  app: { dir: ".", path: "/api/health" },
} as const;
export type AppName = keyof typeof APPS;

type Mode = "next start" | "handler" | "npm start";
export type Piece = {
  id: string;
  /** What the row measures. */
  name: string;
  app: AppName;
  mode: Mode;
  /** For the handler: app-server's steps switched on (harness/bench/pieces-server.ts). */
  pieces?: string;
  nodeArgs?: string[];
  /** For the handler: MB of live objects it keeps (harness/bench/pieces-server.ts). */
  ballast?: number;
  /** For `npm start`: the bundle it runs (default .next/server.mjs). */
  entry?: string;
  /** Measured while another process spins on a core (the load generator then shares one). */
  hog?: boolean;
  /** The row this one adds to: its cost is the difference, round by round. */
  base?: string;
};

const STEPS = ["async", "connections", "peer", "target", "preflight", "live", "vary", "body"];
const HEAP = ["--max-old-space-size=384"];
/** The rows, in order; `before` adds `npm start` running another bundle. */
export const rows = (before: string): Piece[] => [
  { id: "next-start", name: "bare app, `next start`", app: "bare", mode: "next start" },
  {
    id: "next-start-hog",
    name: "bare app, `next start`, a busy process beside it",
    app: "bare",
    mode: "next start",
    hog: true,
    base: "next-start",
  },
  { id: "handler", name: "bare app, programmatic handler", app: "bare", mode: "handler", base: "next-start" },
  ...STEPS.map((step, i) => ({
    id: step,
    name: `+ app-server: ${step}`,
    app: "bare" as const,
    mode: "handler" as const,
    pieces: STEPS.slice(0, i + 1).join(","),
    base: i ? STEPS[i - 1] : "handler",
  })),
  {
    id: "app-server",
    name: "bare app, createAppServer as it is",
    app: "bare",
    mode: "handler",
    pieces: "app-server",
    base: "handler",
  },
  { id: "config", name: "+ the app's next.config.mjs", app: "config", mode: "handler", base: "handler" },
  { id: "proxy", name: "+ the app's proxy.ts", app: "proxy", mode: "handler", base: "handler" },
  { id: "config+proxy", name: "+ both", app: "config+proxy", mode: "handler", base: "handler" },
  { id: "app-next-start", name: "the app, `next start`", app: "app", mode: "next start", base: "next-start" },
  { id: "app-handler", name: "the app, programmatic handler", app: "app", mode: "handler", base: "handler" },
  {
    id: "app-app-server",
    name: "the app, createAppServer",
    app: "app",
    mode: "handler",
    pieces: "app-server",
    base: "app-handler",
  },
  {
    id: "npm-start",
    name: "the app, `npm start`",
    app: "app",
    mode: "npm start",
    nodeArgs: HEAP,
    base: "app-app-server",
  },
  ...(before
    ? [
        {
          id: "npm-start-before",
          name: `\`npm start\` running ${before}`,
          app: "app" as const,
          mode: "npm start" as const,
          nodeArgs: HEAP,
          entry: before,
          base: "npm-start",
        },
      ]
    : []),
  {
    id: "npm-start-no-cap",
    name: "`npm start` without a heap cap",
    app: "app",
    mode: "npm start",
    base: "npm-start",
  },
  // The cap, with V8's old-space growing factor set as it is without one (V8 grows the heap by
  // less after each full collection the lower the cap).
  {
    id: "npm-start-growing",
    name: "`npm start`, the heap cap and --heap-growing-percent=200",
    app: "app",
    mode: "npm start",
    nodeArgs: [...HEAP, "--heap-growing-percent=200"],
    base: "npm-start",
  },
  ...["768", "1024"].map((mb) => ({
    id: `npm-start-${mb}`,
    name: `\`npm start\` with --max-old-space-size=${mb}`,
    app: "app" as const,
    mode: "npm start" as const,
    nodeArgs: [`--max-old-space-size=${mb}`],
    base: "npm-start",
  })),
  {
    id: "handler-cap",
    name: "bare handler with the heap cap",
    app: "bare",
    mode: "handler",
    nodeArgs: HEAP,
    base: "handler",
  },
  {
    id: "handler-ballast",
    name: "bare handler, 100 MB more live heap",
    app: "bare",
    mode: "handler",
    ballast: 100,
    base: "handler",
  },
  {
    id: "handler-ballast-cap",
    name: "bare handler, 100 MB more live heap, heap cap",
    app: "bare",
    mode: "handler",
    ballast: 100,
    nodeArgs: HEAP,
    base: "handler-ballast",
  },
];
