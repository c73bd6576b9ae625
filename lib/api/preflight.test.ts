import { describe, expect, it } from "vitest";
import { preflight, protocolErrorAnswer, SERVER_BODY_LIMIT } from "./preflight";

const code = (answer: ReturnType<typeof preflight>) => (answer ? JSON.parse(answer.body).error.code : null);

describe("preflight", () => {
  it.each(["/v1/jobs/%FF", "/v1/jobs/%", "/api/jobs/%C3%28", "/v1/jobs/%E2%82"])(
    "answers a malformed escape in an API path (%s) with JSON 400 invalid_path",
    (path) => {
      const answer = preflight({ method: "GET", url: path });
      expect(answer?.status).toBe(400);
      expect(answer?.headers["Content-Type"]).toMatch(/^application\/json/);
      expect(code(answer)).toBe("invalid_path");
    },
  );

  it("answers a page request whose client router state Next could not read with an HTML 400", () => {
    const state = (v: unknown) => encodeURIComponent(JSON.stringify(v));
    for (const routerState of ["x", state({ a: 1 }), state(["", "children"]), ["a", "b"], "%"]) {
      const answer = preflight({ method: "GET", url: "/jobs", routerState, rsc: "1" });
      expect([routerState, answer?.status, answer?.headers["Content-Type"]]).toEqual([
        routerState,
        400,
        expect.stringMatching(/^text\/html/),
      ]);
    }
    // What Next's client sends passes, as does a request without it.
    const sent = state(["", { children: ["jobs", { children: ["__PAGE__", {}] }] }, null, null]);
    expect(preflight({ method: "GET", url: "/jobs", routerState: sent, rsc: "1" })).toBeNull();
    // Without the router's mark Next does not read it: nor does this.
    expect(preflight({ method: "GET", url: "/jobs", routerState: "x" })).toBeNull();
    expect(preflight({ method: "GET", url: "/jobs" })).toBeNull();
  });

  it("answers a malformed escape in a page path with an HTML 400", () => {
    const answer = preflight({ method: "GET", url: "/jobs/%FF" });
    expect(answer?.status).toBe(400);
    expect(answer?.headers["Content-Type"]).toMatch(/^text\/html/);
    expect(answer?.body).toContain("<h1>Bad address</h1>");
  });

  it.each(["/V1/jobs", "/v1%2Fjobs", "/API/jobs", "/Api/keys/usage"])(
    "answers %s, an API path in another spelling, with the API's JSON 404",
    (path) => {
      expect(preflight({ method: "GET", url: path })?.status).toBe(404);
      expect(code(preflight({ method: "GET", url: path }))).toBe("not_found");
    },
  );

  it("refuses a declared body over the server's limit with 413", () => {
    expect(
      code(
        preflight({ method: "POST", url: "/api/keys/confirm", contentLength: String(SERVER_BODY_LIMIT + 1) }),
      ),
    ).toBe("payload_too_large");
    expect(
      preflight({ method: "POST", url: "/api/keys/confirm", contentLength: String(SERVER_BODY_LIMIT) }),
    ).toBeNull();
  });

  it("hands everything else on, query strings included", () => {
    for (const path of ["/v1/jobs?title=%FF", "/v1/jobs/de-1", "/jobs", "/", "/api/jobs", "/v1"]) {
      expect(preflight({ method: "GET", url: path })).toBeNull();
    }
  });

  it("refuses any body on a page, so nothing buffers it", () => {
    expect(preflight({ method: "POST", url: "/jobs", transferEncoding: "chunked" })?.status).toBe(413);
    expect(preflight({ method: "POST", url: "/", contentLength: "12" })?.status).toBe(413);
    expect(preflight({ method: "POST", url: "/api/keys/confirm", contentLength: "12" })).toBeNull();
  });

  it("answers methods Next does not route (TRACE, PROPFIND) with a 405, JSON on API paths", () => {
    const api = preflight({ method: "TRACE", url: "/v1/jobs" });
    expect(api?.status).toBe(405);
    expect(code(api)).toBe("method_not_allowed");
    expect(preflight({ method: "PROPFIND", url: "/jobs" })?.headers["Content-Type"]).toMatch(/^text\/html/);
  });

  it("answers parser errors in the JSON shape: 431 for huge headers, 400 otherwise", () => {
    expect(protocolErrorAnswer("HPE_HEADER_OVERFLOW").status).toBe(431);
    expect(JSON.parse(protocolErrorAnswer("HPE_INVALID_URL").body).error.code).toBe("bad_request");
  });
});
