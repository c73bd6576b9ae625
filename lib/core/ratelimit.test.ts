// Next bundles one copy of lib/ for the pages and another for the route handlers. While Redis is
// away, limits fall back to memory: the copies must still count one limit per limiter name
// (the site's, shared by /jobs and /api/jobs), or each copy would grant a limit of its own.
import { describe, expect, it, vi } from "vitest";

describe("memory fallback", () => {
  it("is one limit per limiter name across copies of the module", async () => {
    process.env.REDIS_URL = ""; // no Redis: every limit runs on the memory fallback
    const pages = await import("./ratelimit");
    vi.resetModules();
    const routes = await import("./ratelimit");
    expect(routes.createLimiter).not.toBe(pages.createLimiter); // two copies, as in a build

    const forPages = pages.createLimiter("copies", 3, { seconds: 60 });
    const forRoutes = routes.createLimiter("copies", 3, { seconds: 60 });
    const ip = "198.51.100.7";
    for (let i = 0; i < 3; i++) expect((await forRoutes(ip)).ok).toBe(true);
    expect((await forPages(ip)).ok).toBe(false);
    expect((await forPages.peek(ip)).remaining).toBe(0);
    // Another address, and another limiter, keep counts of their own.
    expect((await forPages("198.51.100.8")).ok).toBe(true);
    expect((await pages.createLimiter("other", 3, { seconds: 60 })(ip)).ok).toBe(true);
  });
});
