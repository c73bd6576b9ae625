import { describe, expect, it } from "vitest";
import { newRequestId } from "./request-id";

describe("newRequestId", () => {
  it("gives req_ and 16 base64url characters, as the OpenAPI document says", () => {
    expect(newRequestId()).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
  });

  it("never repeats, across several refills of its random pool", () => {
    const ids = new Set(Array.from({ length: 2_000 }, newRequestId));
    expect(ids.size).toBe(2_000);
  });
});
