// English sentences about a job's work and its company, by field (and for occupations whose
// field's duties do not fit them).
import type { Slots } from "./facts";
import type { Field } from "./occupations";
import { joinAnd } from "./vocabulary";

/** What a company without a sector word in its name does, by the field of the job it posts. */
export const FIELD_WHAT: Record<Field, string> = {
  tech: "software and services for businesses of every size",
  business: "services that help businesses of every size grow",
  health: "care in hospitals, clinics and the community",
  trade: "installation, repair and maintenance for homes and businesses",
  service: "cafés, shops and services people use every day",
  engineering: "engineering and design for industry and infrastructure",
};

export const SECTOR_WHAT: Record<string, string> = {
  Health: "digital tools that help clinics and hospitals care for patients",
  Logistics: "freight, warehousing and last-mile delivery",
  Analytics: "analytics that turn raw data into decisions",
  Retail: "stores and an online shop that customers love",
  Energy: "renewable energy projects and the grid software behind them",
  Finance: "payments, lending and accounting products",
  Foods: "fresh food, from our own kitchens to supermarket shelves",
  Mobility: "shared mobility, fleet management and public transport software",
  Media: "news, podcasts and streaming for millions of readers and listeners",
  Robotics: "robots and automation for factories and warehouses",
  Insurance: "insurance that is simple to buy and fair at claim time",
  Travel: "trips, hotels and travel software for companies and families",
};

export const DUTY: Record<Field, ((s: Slots) => string)[]> = {
  tech: [
    (s) => `Design, build and ship features end to end with ${joinAnd(s.tools(2), "and")}`,
    (s) => `Own services in production, including ${s.skills(1)} and on-call rotations`,
    (s) => `Improve ${s.product}, our core platform, through ${joinAnd(s.skills(2), "and")}`,
    (s) => `Review code, mentor colleagues and raise the bar on ${s.skills(1)}`,
    () => `Work with product and design to decide what to build next`,
    (s) => `Migrate legacy parts of ${s.product} to ${s.tools(1)}`,
    (s) => `Build integrations with ${s.otherProduct()} and ${s.otherProduct()}`,
    (s) => `Keep our systems fast and reliable with ${s.tools(1)}`,
    () => `Write clear documentation and share what you learn with the team`,
  ],
  business: [
    (s) => `Own a portfolio of accounts, including ${s.client()} and ${s.client()}`,
    (s) => `Turn data into decisions the team can act on, using ${joinAnd(s.tools(2), "and")}`,
    (s) => `Plan and run quarterly initiatives for ${s.product}`,
    (s) => `Lead ${s.skills(1)} and ${s.skills(1)} across the business`,
    (s) => `Work closely with sales, product and finance on ${s.skills(1)}`,
    () => `Report progress and risks to the leadership team every month`,
    (s) => `Improve the processes you touch, from ${s.skills(1)} to reporting in ${s.tools(1)}`,
    (s) => `Build strong relationships with partners such as ${s.client()}`,
  ],
  health: [
    (s) => `Provide safe, compassionate care, including ${joinAnd(s.skills(2), "and")}`,
    () => `Work within a multidisciplinary team of doctors, therapists and carers`,
    (s) => `Keep accurate clinical records in ${s.tools(1)}`,
    (s) => `Take the lead on ${s.skills(1)} for your patients`,
    () => `Support students and colleagues in training`,
    (s) => `Take part in audits and quality improvement on ${s.skills(1)}`,
    () => `Explain treatment plans clearly to patients and their families`,
  ],
  trade: [
    (s) => `Carry out ${s.skills(1)} and ${s.skills(1)} on customer sites`,
    (s) =>
      `Follow safety rules without exception, including ${s.pick(["risk assessments", "permit to work", "working at height", "hazard identification"])}`,
    (s) => `Plan your daily jobs and materials with ${s.tools(1)}`,
    (s) => `Keep tools and vehicles in good order, from ${s.tools(1)} to ${s.tools(1)}`,
    () => `Explain the work clearly to customers and leave every site tidy`,
    (s) => `Handle ${s.skills(1)} for commercial and residential clients`,
  ],
  service: [
    (s) => `Welcome and help customers every day, with a focus on ${s.skills(1)}`,
    (s) => `Keep the workplace clean, safe and organised, including ${s.skills(1)}`,
    (s) => `Handle ${joinAnd(s.skills(2), "and")}`,
    (s) => `Work with ${s.tools(1)} every day and keep orders and stock up to date`,
    () => `Train new team members and share good habits`,
    () => `Work a rota that includes some evenings and weekends`,
  ],
  engineering: [
    (s) => `Develop designs from concept to production with ${joinAnd(s.tools(2), "and")}`,
    (s) => `Run ${joinAnd(s.skills(2), "and")} for new and existing products`,
    (s) => `Work with suppliers and manufacturing partners such as ${s.client()}`,
    () => `Document designs to industry standards and lead technical reviews`,
    (s) => `Support ${s.product} projects from feasibility to handover`,
    (s) => `Take ownership of ${s.skills(1)} on your projects`,
  ],
};

/** Occupations whose work their field's duties do not describe. */
export const OWN_DUTY: Record<string, ((s: Slots) => string)[]> = {
  Teacher: [
    (s) => `Plan and teach engaging lessons, with a focus on ${s.skills(1)}`,
    () => `Track progress and give pupils clear, kind feedback`,
    (s) => `Work with parents, colleagues and ${s.director}, our head of year`,
    (s) => `Use ${s.tools(1)} to share materials and homework`,
    () => `Contribute to school trips, clubs and events`,
  ],
  "Truck Driver": [
    (s) => `Deliver loads safely and on time, including ${s.skills(1)}`,
    (s) => `Carry out daily vehicle checks on our ${s.tools(1)} fleet`,
    (s) => `Plan routes with ${s.tools(1)} and keep customers informed`,
    (s) => `Follow ${s.skills(1)} and keep accurate delivery records`,
    () => `Load and unload with care, and report any damage straight away`,
  ],
};
