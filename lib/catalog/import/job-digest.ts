// What a job says, as one number: an import compares it with the snapshot before's to tell a
// changed job from an unchanged one without reading the old row's text.
import { createHash } from "node:crypto";
import type { JobRecord } from "./records";

const SEP = "\u0001";
const iso = (d: Date | null) => (d === null ? "" : d.toISOString());
const str = (v: string | number | null) => (v === null ? "" : String(v));

/** The first eight bytes of an MD5 of every served field, as a signed 64-bit decimal (bigint's range). */
export function jobDigest(r: JobRecord): string {
  const fields = [
    r.id,
    r.title,
    r.company,
    r.apply_url,
    r.location,
    str(r.city),
    r.country,
    str(r.employment_type),
    str(r.salary_min),
    str(r.salary_max),
    str(r.salary_currency),
    str(r.salary_period),
    str(r.salary_source),
    iso(r.posted_at),
    str(r.remote),
    str(r.seniority),
    str(r.latitude),
    str(r.longitude),
    iso(r.expires_at),
    r.description,
  ];
  return createHash("md5").update(fields.join(SEP)).digest().readBigInt64BE(0).toString();
}
