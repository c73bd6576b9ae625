import { describe, expect, it } from "vitest";
import { withJobs } from "./bodies";

describe("an event's JSON with its body's jobs", () => {
  it("keeps the payload's fields and puts the jobs last, as one valid document", () => {
    const jobs = JSON.stringify([{ id: "j1", title: "Nurse" }]);
    const text = withJobs({ id: "evt_1", total: 1, saved_search: { name: 'a "quoted" name' } }, jobs);
    expect(JSON.parse(text)).toEqual({
      id: "evt_1",
      total: 1,
      saved_search: { name: 'a "quoted" name' },
      jobs: [{ id: "j1", title: "Nurse" }],
    });
    expect(text.endsWith(`"jobs":${jobs}}`)).toBe(true);
  });

  it("gives a payload without fields its jobs alone", () => {
    expect(JSON.parse(withJobs({}, "[]"))).toEqual({ jobs: [] });
  });
});
