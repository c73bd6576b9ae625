import fc from "fast-check";
import addressparser from "nodemailer/lib/addressparser";
import { describe, expect, it } from "vitest";
import { inboxOf, type Mailbox, parseMailbox } from "./mailbox";

const parsed = (raw: string) => {
  const r = parseMailbox(raw);
  return r.ok ? r.value : null;
};

describe("parseMailbox", () => {
  it("accepts one plain mailbox, lower-cased, with spaces around it forgiven", () => {
    expect(parsed("  Ann.Lee+jobs@Example.COM\t")).toBe("ann.lee+jobs@example.com");
    expect(parsed("o'brien@example.ie")).toBe("o'brien@example.ie");
    expect(parsed("a@b.co")).toBe("a@b.co");
    const longest = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    expect(parsed(longest)).toBe(longest); // 254 characters
    expect(parsed("ann@bücher.example")).toBe("ann@xn--bcher-kva.example");
    expect(parsed("ann＠example.com")).toBe("ann@example.com"); // a full-width @ typed on a phone
  });

  it.each([
    ["a header injection", "a\r\nbcc: x@evil.example"],
    ["a line feed", "a@example.com\n"],
    ["a display name", "name <x@evil.example>"],
    ["angle brackets", "<x@evil.example>"],
    ["a list", "a,b@evil.example"],
    ["a list after the domain", "ann@example.com,evil.example"],
    ["a semicolon list", "a@example.com;b@evil.example"],
    ["a quoted local part", '"a b"@example.com'],
    ["a comment", "ann(x)@example.com"],
    ["a group", "g: x@evil.example;"],
    ["an inner space", "ann lee@example.com"],
    ["two @", "a@b@example.com"],
    ["no @", "ann.example.com"],
    ["an empty local part", "@example.com"],
    ["a leading dot", ".ann@example.com"],
    ["two dots", "ann..lee@example.com"],
    ["a single-label domain", "ann@localhost"],
    ["an IP literal", "ann@[127.0.0.1]"],
    ["a dotted-quad domain", "ann@127.0.0.1"],
    ["a trailing dot", "ann@example.com."],
    ["a hyphen-edged label", "ann@-example.com"],
    ["a 65-character local part", `${"a".repeat(65)}@example.com`],
    ["a 64-character label", `ann@${"a".repeat(64)}.com`],
    [
      "a 255-character address",
      `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`,
    ],
    ["a huge input", "a".repeat(100_000)],
    ["a non-ASCII local part", "änn@example.com"],
    ["nothing", ""],
  ])("refuses %s", (_, raw) => {
    const r = parseMailbox(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe("invalid_parameter");
      expect(r.param).toBe("email");
      expect(r.message.length).toBeGreaterThan(10);
    }
  });

  it("gives only strings that a mail library reads back as exactly that one address", () => {
    const chars = fc.constantFrom(..."aZ09.+-_'@ ,;<>\"\r\n\t:()[]\\!#ü＠，".split(""));
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 40 }).map((a) => a.join("")),
        (raw) => {
          const m = parsed(raw);
          if (m === null) return;
          expect(addressparser(m, { flatten: true })).toEqual([{ name: "", address: m }]);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe("inboxOf", () => {
  const inbox = (raw: string) => inboxOf(parsed(raw) as Mailbox);

  it("drops +tags and case, so tagged spellings of one inbox are one", () => {
    expect(inbox("a+1@x.example")).toBe("a@x.example");
    expect(inbox("A+2@X.EXAMPLE")).toBe("a@x.example");
    expect(inbox("a+b+c@x.example")).toBe("a@x.example");
    expect(inbox("+tag@x.example")).toBe("+tag@x.example"); // no name before the tag: kept whole
  });

  it("drops Gmail's dots, and googlemail.com is gmail.com", () => {
    expect(inbox("Ann.Lee+x@googlemail.com")).toBe("annlee@gmail.com");
    expect(inbox("a.n.n@example.com")).toBe("a.n.n@example.com");
  });
});
