// A hospital's nurse advert in Leeds, long enough for the import to tell copies of it, with its
// pay: the postings duplicate grouping and expiry are tested on.
import { job, type Rec } from "./fixtures";

export const AD = `Join our ward team as a Registered Nurse in Leeds. You will plan and deliver care for up to
eight patients a shift, give medicines safely, keep clear records and work with doctors,
physiotherapists and families. We offer a structured preceptorship, paid revalidation, flexible
rostering, a pension with employer contributions, 27 days of annual leave rising with service, and
free parking. You need NMC registration, good communication and the wish to keep learning.
Interviews take place every Thursday; apply early as we may close the advert once we have enough
applications. Saint Mary Hospital is an equal opportunities employer.`;

export const PAY = { salary_min: 31000, salary_max: 37000, salary_currency: "GBP", salary_period: "year" };

export const nurse = (id: string, ageDays: number, extra: Rec) =>
  job(id, "Registered Nurse", "GB", ageDays, { city: "Leeds", description: AD, ...extra });
