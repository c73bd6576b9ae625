import { describe, expect, it } from "vitest";
import { loggableQuery, loggedPath, MAX_PATH, MAX_QUERY, statusRange } from "./line";

const KEY = `jsk_${"A".repeat(32)}`;

describe("request log lines", () => {
  it("keep an ordinary query without its question mark", () => {
    expect(loggableQuery("?title=engineer&country=DE", false)).toBe("title=engineer&country=DE");
  });

  it("keep no query when there was none", () => {
    expect(loggableQuery("", false)).toBeNull();
    expect(loggableQuery("?", false)).toBeNull();
  });

  it("drop the query of a request whose URL held a key, whatever it holds", () => {
    expect(loggableQuery("?title=x&token=abc", true)).toBeNull();
  });

  it("drop a query holding key-like text, plain or percent-encoded", () => {
    expect(loggableQuery(`?q=${KEY}`, false)).toBeNull();
    expect(loggableQuery(`?q=${encodeURIComponent(KEY).replace("_", "%5F")}`, false)).toBeNull();
    expect(loggableQuery(`?${KEY.replace("_", "%5F")}=1`, false)).toBeNull();
  });

  it("find an encoded key even beside a malformed escape", () => {
    expect(loggableQuery(`?api=${KEY.replace("_", "%5F")}&x=%`, false)).toBeNull();
  });

  it("cut long paths and queries to a bounded length", () => {
    expect(loggableQuery(`?q=${"a".repeat(5000)}`, false)).toHaveLength(MAX_QUERY);
    expect(loggedPath(`/v1/jobs/${"b".repeat(5000)}`)).toHaveLength(MAX_PATH);
    expect(loggedPath("/v1/jobs")).toBe("/v1/jobs");
  });

  it("map a status class to its range", () => {
    expect(statusRange("4xx")).toEqual([400, 499]);
    expect(statusRange("2xx")).toEqual([200, 299]);
  });
});
