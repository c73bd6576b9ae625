// Every process the chaos run starts is registered here and taken down by its pid on every way
// out: the normal end, a thrown error, SIGINT/SIGTERM, and (synchronously, best effort) exit.
type Entry = { name: string; stop: () => Promise<void>; killNow: () => void };

const entries: Entry[] = [];
let installed = false;
let cleaning: Promise<void> | undefined;

/** Registers a resource; later registrations are taken down first. */
export function onCleanup(name: string, stop: () => Promise<void>, killNow: () => void): void {
  entries.push({ name, stop, killNow });
}

async function withTimeout(p: Promise<void>, ms: number): Promise<"ok" | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((r) => {
    timer = setTimeout(() => r("timeout"), ms);
  });
  try {
    return await Promise.race([p.then(() => "ok" as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops everything registered, newest first; a stop that fails or hangs is killed outright. */
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    while (entries.length) {
      const e = entries.pop();
      if (!e) break;
      const outcome = await withTimeout(e.stop(), 20_000).catch(() => "failed");
      if (outcome !== "ok") {
        console.error(`cleanup: ${e.name} did not stop cleanly (${outcome}); killing it`);
        e.killNow();
      }
    }
  })();
  return cleaning;
}

function killAllNow(): void {
  while (entries.length) {
    try {
      entries.pop()?.killNow();
    } catch {
      // keep going: the others must still be stopped
    }
  }
}

/** Ctrl-C and SIGTERM clean up before exiting; a second one kills at once. */
export function installExitHandlers(): void {
  if (installed) return;
  installed = true;
  let signalled = false;
  for (const [sig, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    process.on(sig, () => {
      if (signalled) {
        killAllNow();
        process.exit(code);
      }
      signalled = true;
      console.error(`\n${sig}: stopping the private servers (again to kill them at once)`);
      void cleanupAll().finally(() => process.exit(code));
    });
  }
  process.on("exit", killAllNow);
  for (const event of ["uncaughtException", "unhandledRejection"] as const) {
    process.on(event, (err) => {
      console.error(`${event}:`, err);
      void cleanupAll().finally(() => process.exit(1));
    });
  }
}
