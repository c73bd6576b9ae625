// Everything a test's code writes to the console or stdout (the logger buffers its stdout
// lines; they are flushed before the capture ends).
import { vi } from "vitest";
import { flushLog } from "@/lib/core/log";

export async function capturedLines(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(...args.map(String).join(" ").split("\n"));
  const spies = [
    ...(["log", "info", "warn", "error"] as const).map((m) => vi.spyOn(console, m).mockImplementation(keep)),
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      keep(String(chunk).trimEnd());
      return true;
    }),
  ];
  try {
    await run();
  } finally {
    flushLog();
    for (const s of spies) s.mockRestore();
  }
  return lines;
}
