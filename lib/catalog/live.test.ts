import { describe, expect, it } from "vitest";
import { noteRevision, REVISION_SETTLE_MS } from "../core/snapshot-revision";
import { snapshotCache } from "./live";

describe("snapshotCache", () => {
  it("keeps an answer per snapshot and revision", () => {
    const cache = snapshotCache<number>(10);
    noteRevision(9001, 0);
    cache.set(9001, "k", 1);
    expect(cache.get(9001, "k")).toBe(1);
    expect(cache.get(9002, "k")).toBeUndefined();
    noteRevision(9001, 1, Date.now() - REVISION_SETTLE_MS);
    expect(cache.get(9001, "k")).toBeUndefined();
    cache.set(9001, "k", 2);
    expect(cache.get(9001, "k")).toBe(2);
  });

  it("keeps nothing while a revision has just moved: an answer read before it may still arrive", () => {
    const cache = snapshotCache<number>(10);
    noteRevision(9003, 0);
    noteRevision(9003, 1);
    cache.set(9003, "k", 1);
    expect(cache.get(9003, "k")).toBeUndefined();
  });

  it("never moves a revision back", () => {
    const cache = snapshotCache<number>(10);
    noteRevision(9004, 3);
    cache.set(9004, "k", 1);
    noteRevision(9004, 2);
    expect(cache.get(9004, "k")).toBe(1);
  });

  it("a snapshot first seen at a later revision is cached at once", () => {
    const cache = snapshotCache<number>(10);
    noteRevision(9005, 4);
    cache.set(9005, "k", 1);
    expect(cache.get(9005, "k")).toBe(1);
  });
});
