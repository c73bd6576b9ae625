import { describe, expect, it } from "vitest";
import { renderEmail } from "../lib/mail/send";
import SavedSearchDigestEmail, { digestSubject } from "./saved-search-digest";
import WebhookDisabledEmail, { webhookDisabledSubject } from "./webhook-disabled";

describe("saved-search e-mails", () => {
  const digest = {
    searchName: "Python in Berlin",
    query: "q=python&city=Berlin%2C+DE",
    total: 3,
    jobs: [
      { id: "job-1", title: "Python Developer", company: "Acme GmbH", location: "Berlin, Germany" },
      { id: "job-2", title: "Data Engineer", company: "Globex AG", location: "Berlin, Germany" },
    ],
    jobsUrl: "http://localhost:3000/jobs",
    studioUrl: "http://localhost:3000/studio",
    unsubscribeUrl: "http://localhost:3000/unsubscribe/ss_abc.def",
  };

  it("digest: each job with its link, how many more, and the unsubscribe link in both parts", async () => {
    expect(digestSubject(digest)).toBe("3 new jobs for “Python in Berlin”");
    expect(digestSubject({ ...digest, total: 1 })).toBe("1 new job for “Python in Berlin”");
    const { html, text } = await renderEmail(SavedSearchDigestEmail(digest));
    for (const part of [html, text]) {
      expect(part).toContain("Python Developer");
      expect(part).toContain("Globex AG");
      expect(part).toContain("And 1 more");
      expect(part).toContain(digest.unsubscribeUrl);
    }
    expect(html).toContain('href="http://localhost:3000/jobs/job-1"');
  });

  it("webhook disabled: the search, the host only, and where to fix it", async () => {
    const p = {
      searchName: "Nurses",
      host: "hooks.example.com",
      failingSince: "Tue, 24 Nov 2026 10:00:00 GMT",
      studioUrl: "http://localhost:3000/studio",
    };
    expect(webhookDisabledSubject(p)).toBe("Webhook for “Nurses” turned off");
    const { html, text } = await renderEmail(WebhookDisabledEmail(p));
    for (const part of [html, text]) {
      expect(part).toContain("hooks.example.com");
      expect(part).toContain(p.failingSince);
    }
    expect(html).toContain(p.studioUrl);
  });
});
