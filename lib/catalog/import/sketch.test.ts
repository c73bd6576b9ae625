// Hand-written cases of the duplicate rule: what must be one job, and what must not.
import { describe, expect, it } from "vitest";
import { labelledDemoJobs } from "../demo/generate";
import { filledBins, SAME_JOB, sameJob, similarity, sketchBytes, TELLING_BINS } from "./sketch";

const AD = `Join our ward team as a Registered Nurse at St Mary's in Leeds. You will plan and deliver
care for up to eight patients a shift, give medicines safely, keep clear records and work with
doctors, physiotherapists and families. We offer a structured preceptorship, paid revalidation,
flexible rostering, a pension with employer contributions, 27 days of annual leave rising with
service, and free parking. You need NMC registration, good communication, and the wish to keep
learning. Interviews take place every Thursday; apply early as we may close the advert once we
have enough applications.`;

const BOILERPLATE = `We offer a pension with employer contributions, 27 days of annual leave rising with service,
flexible rostering, free parking, a staff canteen, an employee assistance programme and discounts
at local shops. We welcome applications from everyone and make reasonable adjustments at interview.`;

const posting = (company: string, description: string) => ({ company, sketch: sketchBytes(description) });

describe("the duplicate rule", () => {
  it("takes the same ad reposted, word for word, as one job", () => {
    expect(sameJob(posting("St Mary's NHS Trust", AD), posting("St Mary's NHS Trust", AD))).toBe(true);
  });

  it("ignores case, punctuation, spacing and Unicode forms", () => {
    const shouted = AD.toUpperCase().replaceAll(",", " ;").replaceAll("\n", "  ");
    expect(similarity(sketchBytes(AD), sketchBytes(shouted))).toBe(1);
    expect(
      similarity(
        sketchBytes("Café au lait crème brûlée now"),
        sketchBytes("Cafe\u0301 au lait crème brûlée now"),
      ),
    ).toBe(1);
  });

  it("takes a repost with a line added or a date changed as one job", () => {
    const reposted = `${AD.replace("every Thursday", "every Tuesday")}\n\nReposted: still looking.`;
    expect(sameJob(posting("St Mary's", AD), posting("St Mary's", reposted))).toBe(true);
  });

  it("takes an agency's copy, naming another company and framed by its own lines, as one job", () => {
    const agency = `Harbour Personnel is recruiting for a client in Leeds.\n\n${AD.replaceAll("St Mary's", "our client")}\n\nHarbour Personnel acts as an employment agency.`;
    expect(similarity(sketchBytes(AD), sketchBytes(agency))).toBeGreaterThanOrEqual(SAME_JOB);
    expect(sameJob(posting("St Mary's NHS Trust", AD), posting("Harbour Personnel", agency))).toBe(true);
  });

  it("keeps apart two jobs of one employer that share its benefits paragraph", () => {
    const ward = `Registered Nurse for our surgical ward: plan care for eight patients a shift, give medicines, keep records and work with the surgeons on discharge plans.\n\n${BOILERPLATE}`;
    const clinic = `Registered Nurse for our outpatient clinic: run dressing clinics, take bloods, triage referrals by phone and teach patients to manage their own wounds at home.\n\n${BOILERPLATE}`;
    expect(similarity(sketchBytes(ward), sketchBytes(clinic))).toBeLessThan(SAME_JOB);
    expect(sameJob(posting("St Mary's", ward), posting("St Mary's", clinic))).toBe(false);
  });

  it("keeps apart two demo ads of one occupation, written from the same phrases", () => {
    const ads = [...labelledDemoJobs({ jobs: 400, seed: 3 })]
      .filter((j) => !j.duplicateOf)
      .map((j) => j.record);
    const byTitle = new Map<string, string[]>();
    for (const j of ads)
      byTitle.set(String(j.title), [...(byTitle.get(String(j.title)) ?? []), String(j.description)]);
    let compared = 0;
    for (const texts of byTitle.values())
      for (let i = 1; i < texts.length; i++)
        if (texts[i] !== texts[0]) {
          compared++;
          expect(similarity(sketchBytes(texts[0] as string), sketchBytes(texts[i] as string))).toBeLessThan(
            SAME_JOB,
          );
        }
    expect(compared).toBeGreaterThan(20);
  });

  it("groups equal short descriptions only within one company", () => {
    const short = "See our website for details.";
    expect(filledBins(sketchBytes(short))).toBeLessThan(TELLING_BINS);
    expect(sameJob(posting("Acme", short), posting("acme ", short))).toBe(true);
    expect(sameJob(posting("Acme", short), posting("Globex", short))).toBe(false);
    expect(filledBins(sketchBytes(AD))).toBeGreaterThanOrEqual(TELLING_BINS);
  });

  it("takes short descriptions as alike only word for word", () => {
    expect(similarity(sketchBytes("Apply now"), sketchBytes("apply NOW!"))).toBe(1);
    expect(similarity(sketchBytes("Apply now"), sketchBytes("Call us"))).toBeLessThan(0.5);
    // Ten thousand openings of one employer, each its own: none alike.
    const first = sketchBytes("Opening 0.");
    for (let i = 1; i < 10_000; i++)
      expect(similarity(first, sketchBytes(`Opening ${i}.`))).toBeLessThan(SAME_JOB);
    const sentence = "Warehouse shifts in Leeds, apply in store or call the team today";
    expect(similarity(sketchBytes(sentence), sketchBytes(`${sentence} please`))).toBeLessThan(SAME_JOB);
  });
});
