import { describe, expect, it } from "vitest";
import { quotaState } from "../quota/state";
import { quotaError } from "./api-key";

const NOW = new Date("2026-11-21T18:00:00Z");
const used = quotaState({ daily: 50, monthly: 500, dayUsed: 50, monthUsed: 212 }, NOW);

describe("quotaError", () => {
  it("points a developer at the operator CLI's tier command", () => {
    const err = quotaError("daily", used, NOW, true);
    expect(err.code).toBe("quota_exceeded");
    expect(err.message).toContain("npm run keys -- tier --email <your address> --tier pro");
  });

  it("says nothing about the CLI unless asked to (production)", () => {
    expect(quotaError("daily", used, NOW).message).not.toMatch(/npm run|tier/);
  });
});
