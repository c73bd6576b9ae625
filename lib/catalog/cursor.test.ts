import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor";

describe("the changes feed's cursor", () => {
  it("reads back what it wrote, up to PostgreSQL's largest bigint", () => {
    for (const seq of [0n, 1n, 48_213n, 2n ** 63n - 1n]) expect(decodeCursor(encodeCursor(seq))).toBe(seq);
  });

  it("refuses text it could not have given", () => {
    for (const text of [
      encodeCursor(2n ** 63n),
      encodeCursor(9_999_999_999_999_999_999n),
      Buffer.from("c1:-5").toString("base64url"),
      Buffer.from("c1:007").toString("base64url"),
      Buffer.from("c2:5").toString("base64url"),
      "garbage",
      "not-a-cursor!",
      "",
    ])
      expect(decodeCursor(text)).toBeNull();
  });
});
