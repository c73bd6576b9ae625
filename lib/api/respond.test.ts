import { afterEach, describe, expect, it, vi } from "vitest";
import { render } from "./respond";

afterEach(() => vi.restoreAllMocks());

const get = (headers: Record<string, string> = {}) => new Request("http://x/v1/jobs/a", { headers });

describe("render", () => {
  it("serialises a frozen body once and gives every response its text and ETag", async () => {
    const body = Object.freeze({ id: "a", title: "Backend Engineer" });
    const stringify = vi.spyOn(JSON, "stringify");
    const first = render(get(), { body });
    const second = render(get(), { body });
    expect(stringify.mock.calls.filter(([v]) => v === body)).toHaveLength(1);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await second.text()).toBe(await first.text());
    const tag = first.headers.get("etag") ?? "";
    expect(render(get({ "If-None-Match": tag }), { body }).status).toBe(304);
  });

  it("serialises a body that may change at every response", () => {
    const body = { id: "a", seen: 1 };
    const stringify = vi.spyOn(JSON, "stringify");
    const first = render(get(), { body });
    body.seen = 2;
    const second = render(get(), { body });
    expect(stringify.mock.calls.filter(([v]) => v === body)).toHaveLength(2);
    expect(second.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("keeps a long frozen body's ETag but not its text", async () => {
    const body = Object.freeze({ description: "x".repeat(40_000) });
    const stringify = vi.spyOn(JSON, "stringify");
    const first = render(get(), { body });
    const second = render(get(), { body });
    expect(stringify.mock.calls.filter(([v]) => v === body)).toHaveLength(2);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await second.text()).toBe(await first.text());
  });

  it("sets the wrapper's headers over the handler's, whatever their case", () => {
    const res = render(
      get(),
      { body: { a: 1 }, headers: { "retry-after": "1", Link: "<x>" } },
      { "Retry-After": "9" },
    );
    expect(res.headers.get("retry-after")).toBe("9");
    expect(res.headers.get("link")).toBe("<x>");
  });
});
