import { describe, expect, it } from "vitest";
import { batchId, journalPattern, journalSuffix, parseJournalField, parseJournalKey } from "./journal";

describe("journal names", () => {
  it("read back what the writers name, and nothing else", () => {
    const key = `jsa:{${"ab".repeat(16)}}${journalSuffix("0123456789abcdef", 1795392000123)}`;
    expect(parseJournalKey(key)).toEqual({ instance: "0123456789abcdef", epoch: 1795392000123 });
    expect(batchId("0123456789abcdef", 1795392000123)).toBe("0123456789abcdef:1795392000123");
    expect(parseJournalKey(`jsa:{${"ab".repeat(16)}}:d:2026-11-21`)).toBeNull();
    expect(journalPattern("jsa:")).toBe("jsa:{*}:j:*");
    expect(parseJournalField("key_AbC|2026-11-21")).toEqual({ keyId: "key_AbC", day: "2026-11-21" });
    expect(parseJournalField("key_AbC")).toBeNull();
    expect(parseJournalField("|2026-11-21")).toBeNull();
  });
});
