// With the SMTP server away, registration says so and creates (or replaces) nothing.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { insertKey } from "@/lib/keys/store";
import { sitePost } from "./support/http";

beforeAll(() => {
  process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens there; read on first use
});

describe("registration while SMTP is down", () => {
  it("answers 503 mail_unavailable and leaves no orphan key", async () => {
    const user = await db().user.create({
      data: { email: `down-${randomBytes(4).toString("hex")}@example.com` },
    });
    const session = randomBytes(32).toString("hex");
    await db().session.create({
      data: { sessionToken: session, userId: user.id, expires: new Date(Date.now() + 3_600_000) },
    });
    const earlier = await insertKey(user.id, "inactive");

    const res = await sitePost("/api/keys/register", {}, { session });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.error.code).toBe("mail_unavailable");
    expect(res.headers.get("retry-after")).toBe("60");

    const keys = await db().apiKey.findMany({ where: { userId: user.id } });
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id: earlier.record.id, status: "inactive" }); // not replaced either
  }, 20_000);
});
