// Bodies are capped while they stream: a body larger than any route needs is refused with 413
// in the JSON error shape, without reading the rest of it.
import { describe, expect, it } from "vitest";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import { BODY_LIMIT_BYTES } from "@/lib/api/body";
import { ErrorBodySchema } from "./support/error-shape";
import { catalogAndClient } from "./support/fixtures";
import { request } from "./support/http";

catalogAndClient();

const ORIGIN = { origin: "http://localhost:3000", "content-type": "application/json" };

/** A body of `total` bytes that counts how much of it was ever read. */
function countingBody(total: number) {
  const read = { bytes: 0 };
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= total) return controller.close();
      read.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, read };
}

describe("request bodies", () => {
  it("413 payload_too_large for a declared length over the cap, before reading", async () => {
    const res = await request("/api/keys/confirm", {
      method: "POST",
      key: null,
      headers: { ...ORIGIN, "content-length": String(300 * 1024 * 1024) },
      body: "{}",
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe("payload_too_large");
  });

  it("413 for a streamed body with no length, having read little more than the cap", async () => {
    const { stream, read } = countingBody(300 * 1024 * 1024);
    const res = await request("/api/keys/confirm", {
      method: "POST",
      key: null,
      headers: ORIGIN,
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(read.bytes).toBeLessThan(BODY_LIMIT_BYTES + 3 * 64 * 1024);
  });

  it("a body within the cap is read as before", async () => {
    const res = await request("/api/keys/confirm", {
      method: "POST",
      key: null,
      headers: ORIGIN,
      body: JSON.stringify({ token: "x".repeat(43) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("invalid_token");
  });

  it("next-auth's POST routes are capped too", async () => {
    const { stream, read } = countingBody(50 * 1024 * 1024);
    const req = new Request("http://localhost:3000/api/auth/signin/email", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const res = await nextAuth.POST(req, { params: Promise.resolve({ nextauth: ["signin", "email"] }) });
    expect(res.status).toBe(413);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe("payload_too_large");
    expect(read.bytes).toBeLessThan(BODY_LIMIT_BYTES + 3 * 64 * 1024);
  });
});
