import { describe, expect, it } from "vitest";
import { cleanJobRecord, cleanSalaryRecord, shorten } from "./clean-record";
import { mapJobPosting } from "./job-posting";

const SCRIPT = "&lt;script&gt;alert(1)&lt;/script&gt;";

describe("cleanJobRecord", () => {
  it("cleans every text column, raw markup and encoded markup alike", () => {
    const out = cleanJobRecord({
      id: "a-1",
      title: `<b>Baker</b> ${SCRIPT}`,
      company: "<script>alert(1)</script>Crumb &amp; Sons\u0000",
      location: "<img src=x onerror=alert(1)>Lyon,\n France",
      city: `Lyon${SCRIPT}`,
      description: "<p>One</p><p>Two &lt;iframe&gt;</p>",
      country: "FR",
    });
    expect(out).toEqual({
      id: "a-1",
      title: "Baker ‹script>alert(1)‹/script>",
      company: "Crumb & Sons",
      location: "Lyon, France",
      city: "Lyon‹script>alert(1)‹/script>",
      description: "One\n\nTwo ‹iframe>",
      country: "FR",
    });
  });
  it("returns a clean record as it came, and leaves non-text values to the schema", () => {
    const clean = { id: "x", title: "Baker", company: "Crumb", description: "a\n\nb", salary_min: 5 };
    expect(cleanJobRecord(clean)).toBe(clean);
    const odd = { title: 5, city: null, description: undefined };
    expect(cleanJobRecord(odd)).toBe(odd);
  });
  it("refuses nothing itself: over-long text is kept for the schema, or shortened when asked to fit", () => {
    const long = { title: "t".repeat(400), description: `<p>${"d".repeat(60_000)}</p>` };
    expect(cleanJobRecord(long).title).toHaveLength(400);
    const fitted = cleanJobRecord(long, true);
    expect(fitted.title).toBe(`${"t".repeat(299)}…`);
    expect((fitted.description as string).length).toBe(50_000);
  });
  it("keeps a city or company composed (NFC), before shortening it, so one spelling compares equal as text", () => {
    expect(cleanJobRecord({ city: "Mu\u0308nchen" }).city).toBe("M\u00fcnchen");
    expect(cleanJobRecord({ company: "Nestle\u0301 SA" }).company).toBe("Nestl\u00e9 SA");
    // A combining mark written as an entity, or behind markup, is composed too.
    expect(cleanJobRecord({ company: "Nestle&#769; SA" }).company).toBe("Nestl\u00e9 SA");
    expect(cleanJobRecord({ city: "Mu<b></b>\u0308nchen" }).city).toBe("M\u00fcnchen");
    expect(cleanJobRecord({ company: "e\u0301".repeat(200) }, true).company).toBe("\u00e9".repeat(200));
    // 130 decomposed units are 65 composed letters: they fit, uncut.
    expect(cleanJobRecord({ city: "e\u0301".repeat(65) }, true).city).toBe("\u00e9".repeat(65));
    expect(cleanJobRecord({ title: "Mu\u0308nchen" }).title).toBe("Mu\u0308nchen");
  });

  it("never leaves half a surrogate pair when shortening", () => {
    expect(shorten("😀😀😀", 4)).toBe("😀…");
    expect(shorten("ab", 2)).toBe("ab");
  });
});

describe("cleanSalaryRecord", () => {
  it("cleans the place name", () => {
    expect(cleanSalaryRecord({ level: "city", city: `<b>Köln</b>${SCRIPT}` }).city).toBe(
      "Köln‹script>alert(1)‹/script>",
    );
  });
});

describe("a JobPosting's text", () => {
  it("is passed on as written, to be decoded once by the cleaner", () => {
    const mapped = mapJobPosting(
      {
        "@type": "JobPosting",
        title: `Senior ${SCRIPT} Engineer`,
        hiringOrganization: { name: `Acme ${SCRIPT}` },
        jobLocation: { address: { addressLocality: `&amp;lt;b&amp;gt;Berlin`, addressCountry: "DE" } },
        datePosted: "2026-11-01",
        description: "<p>Hi</p>",
      },
      new Date("2026-11-02"),
    );
    if (!("record" in mapped)) throw new Error("not mapped");
    expect(mapped.record.seniority).toBe("senior");
    const out = cleanJobRecord(mapped.record, mapped.fit);
    expect(out).toMatchObject({
      title: "Senior ‹script>alert(1)‹/script> Engineer",
      company: "Acme ‹script>alert(1)‹/script>",
      city: "&lt;b&gt;Berlin",
      location: "&lt;b&gt;Berlin, Germany",
      description: "Hi",
    });
  });
});
