import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from "./client-schema";

describe("the typed client's schema", () => {
  it("is what the OpenAPI document generates now (else run npm run client:generate)", async () => {
    const committed = readFileSync(CLIENT_SCHEMA_FILE, "utf8");
    const fresh = await clientSchemaSource();
    // A plain equality: the first differing line says what drifted.
    const a = committed.split("\n");
    const b = fresh.split("\n");
    const at = a.findIndex((line, i) => line !== b[i]);
    expect(
      at === -1 && a.length === b.length ? null : { line: at + 1, committed: a[at], generated: b[at] },
    ).toBeNull();
  }, 30_000);
});
