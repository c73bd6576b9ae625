import { describe, expect, it } from "vitest";
import { decideDatabase } from "./open";

const base = {
  configured: false,
  production: false,
  allowEmbedded: false,
  embeddedRunning: false,
  localAnswers: false,
};

describe("decideDatabase", () => {
  it("uses DATABASE_URL whenever it is set", () => {
    for (const production of [false, true])
      expect(
        decideDatabase({ ...base, configured: true, production, embeddedRunning: true, localAnswers: true }),
      ).toBe("configured");
  });

  it("in development: a running embedded server, else the local Postgres, else embedded", () => {
    expect(decideDatabase({ ...base, embeddedRunning: true, localAnswers: true })).toBe("embedded");
    expect(decideDatabase({ ...base, localAnswers: true })).toBe("local");
    expect(decideDatabase(base)).toBe("embedded");
  });

  it("in production: refuses the embedded database unless ALLOW_EMBEDDED, and never probes for a local one", () => {
    expect(decideDatabase({ ...base, production: true, localAnswers: true, embeddedRunning: true })).toBe(
      "refused",
    );
    expect(decideDatabase({ ...base, production: true, allowEmbedded: true })).toBe("embedded");
  });
});
