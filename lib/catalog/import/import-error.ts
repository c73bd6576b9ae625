// A rejected import: the problems found, each with its line, at most MAX_PROBLEMS of them.
import type { Problem } from "./job-batch";

export const MAX_PROBLEMS = 20;

export class ImportError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`The file was rejected:\n${problems.map((p) => `  line ${p.line}: ${p.message}`).join("\n")}`);
    this.name = "ImportError";
  }
}
