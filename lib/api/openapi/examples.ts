// Example bodies of the reference: real answers of the demo catalog (`npm run catalog:demo --
// --as-of 2026-11-21`, seed 42, 20,000 jobs), so a reader can send the same request to a
// development server and compare. examples.test.ts checks them against the generator.

export const EXAMPLE_JOB_ID = "job-0000001";
export const EXAMPLE_KEY_ID = "key_GwdfZWxVjLumfj6i";
export const EXAMPLE_HINT = "jsk_…Ab3d";
export const EXAMPLE_TOKEN = "CN-w1MakMxu3bsUgBAYsRCtT-faisw90p3pHXBKfp6A";

export const JOB = {
  id: EXAMPLE_JOB_ID,
  title: "Logistics Coordinator",
  company: "Juniperworks AB",
  apply_url: "https://careers.juniperworks.example.com/jobs/job-0000001",
  location: "Malmö, Sweden",
  city: "Malmö",
  country: "SE",
  employment_type: "full_time",
  remote: "on_site",
  seniority: "mid",
  salary_min: null,
  salary_max: null,
  salary_currency: null,
  salary_period: null,
  salary_source: null,
  posted_at: "2026-09-27T01:03:32.000Z",
  first_seen_at: "2026-11-21T06:00:00.000Z",
  last_seen_at: "2026-11-25T06:00:00.000Z",
  expires_at: null,
  latitude: 55.60587,
  longitude: 13.00073,
  duplicate_of: null,
  duplicates: 0,
  pay_percentile: null,
  description:
    "Join us as a Logistics Coordinator in Malmö. This mid-level role gives you ownership of your work from day one. You will report to Leon Nielsen and work closely with Andrei Chen.\n\nAbout Juniperworks: we work on cafés, shops and services people use every day. Founded in 1966, we are 4623 people in 8 offices, and our product LumusDesk is used every day.\n\nWhat you will do:\n- Welcome and help customers every day, with a focus on load securing.\n- Keep the workplace clean, safe and organised, including customs paperwork.\n- Handle vehicle checks and route planning.\n- Work with Linde forklifts every day and keep orders and stock up to date.\n- Train new team members and share good habits.\n\nWhat we are looking for:\n- Three or more years of experience as a mid-level professional.\n- Hands-on experience with vehicle checks, Incoterms and returns handling.\n- Good working knowledge of Scania or Samsara.\n- A degree or equivalent practical experience.\n- Clear written and spoken English.\n- A habit of taking ownership and following through.\n\nNice to have:\n- CPC driver qualification.\n- A full driving licence.\n\nWhat we offer:\n- Employee discounts on our own products.\n- Generous parental leave.\n- A subsidised public transport ticket for the trip to Malmö.\n- 30 days of paid holiday a year.\n\nThis is a full-time position. The role is on-site at our site in Malmö.\n\nReady to apply? Send us your CV and a few lines on why this role fits you; Chloé Evans reads every application. We welcome applicants of every background, age, gender, disability and belief.",
};

/** GET /v1/jobs?title=engineer&country=DE&per_page=2&page=2 */
export const SEARCH = {
  items: [
    {
      id: "job-0000547",
      title: "Software Engineer",
      company: "Indigolabs Health GmbH",
      apply_url: "https://careers.indigolabs.example.com/jobs/job-0000547",
      location: "Frankfurt, Germany",
      city: "Frankfurt",
      country: "DE",
      employment_type: "full_time",
      remote: "on_site",
      seniority: "mid",
      salary_min: 70000,
      salary_max: 89500,
      salary_currency: "EUR",
      salary_period: "year",
      salary_source: "parsed",
      posted_at: "2026-11-06T14:28:31.000Z",
      first_seen_at: "2026-11-21T06:00:00.000Z",
      last_seen_at: "2026-11-25T06:00:00.000Z",
      expires_at: null,
      latitude: 50.11552,
      longitude: 8.68417,
      duplicate_of: null,
      duplicates: 0,
    },
    {
      id: "job-0005204",
      title: "Mechanical Engineer",
      company: "Fusionline Retail SE",
      apply_url: "",
      location: "Berlin, Germany",
      city: "Berlin",
      country: "DE",
      employment_type: "full_time",
      remote: "hybrid",
      seniority: "mid",
      salary_min: null,
      salary_max: null,
      salary_currency: null,
      salary_period: null,
      salary_source: null,
      posted_at: "2026-11-05T09:37:54.000Z",
      first_seen_at: "2026-11-21T06:00:00.000Z",
      last_seen_at: "2026-11-25T06:00:00.000Z",
      expires_at: null,
      latitude: 52.52437,
      longitude: 13.41053,
      duplicate_of: null,
      duplicates: 0,
    },
  ],
  meta: {
    total: 289,
    page: 2,
    per_page: 2,
    total_pages: 145,
    max_page: 5000,
    has_more: true,
    next_page: 3,
    prev_page: 1,
    total_exact: true,
  },
};

export const SALARY_BY_COUNTRY = {
  matched_on: "country",
  level: "country",
  location: "Germany",
  country: "DE",
  median: 64500,
  p10: 41500,
  p25: 50500,
  p75: 81000,
  p90: 104000,
  currency: "EUR",
  period: "year",
  sample_size: 1468,
  as_of: "2026-11-21",
};

export const SALARY_BY_CITY = {
  matched_on: "title_as_location",
  level: "city",
  location: "Berlin",
  country: "DE",
  median: 74000,
  p10: 46000,
  p25: 59500,
  p75: 94500,
  p90: 112500,
  currency: "EUR",
  period: "year",
  sample_size: 587,
  as_of: "2026-11-21",
};

/** GET /v1/salary/history?country=DE after three monthly demo imports (`--history 3`). */
export const SALARY_HISTORY = {
  matched_on: "country",
  level: "country",
  location: "Germany",
  country: "DE",
  points: [
    {
      median: 64000,
      p10: 41000,
      p25: 50500,
      p75: 80500,
      p90: 103500,
      currency: "EUR",
      period: "year",
      sample_size: 1468,
      as_of: "2026-09-21",
    },
    {
      median: 64000,
      p10: 41000,
      p25: 50500,
      p75: 80500,
      p90: 103500,
      currency: "EUR",
      period: "year",
      sample_size: 1468,
      as_of: "2026-10-21",
    },
    {
      median: 64500,
      p10: 41500,
      p25: 50500,
      p75: 81000,
      p90: 104000,
      currency: "EUR",
      period: "year",
      sample_size: 1468,
      as_of: "2026-11-21",
    },
  ],
  advertised: [
    {
      as_of: "2026-09-20",
      currency: "EUR",
      period: "year",
      jobs: 556,
      p10: 43000,
      p25: 56188,
      p50: 73500,
      p75: 98313,
      p90: 120625,
    },
    {
      as_of: "2026-10-20",
      currency: "EUR",
      period: "year",
      jobs: 556,
      p10: 43250,
      p25: 56250,
      p50: 73500,
      p75: 98500,
      p90: 121000,
    },
    {
      as_of: "2026-11-20",
      currency: "EUR",
      period: "year",
      jobs: 556,
      p10: 43250,
      p25: 56438,
      p50: 73500,
      p75: 98750,
      p90: 121375,
    },
  ],
};

/** GET /api/keys/usage?tz=Europe/Berlin on a Free key, its second request of 2026-11-21. */
export const USAGE = {
  key: { id: EXAMPLE_KEY_ID, hint: EXAMPLE_HINT },
  tier: "free",
  daily: {
    limit: 50,
    used: 2,
    remaining: 48,
    reset: "2026-11-22T00:00:00.000Z",
    reset_local: "2026-11-22T01:00:00+01:00",
  },
  monthly: {
    limit: 500,
    used: 4,
    remaining: 496,
    reset: "2026-12-01T00:00:00.000Z",
    reset_local: "2026-12-01T01:00:00+01:00",
  },
  days: [
    { date: "2026-11-20", count: 2 },
    { date: "2026-11-21", count: 2 },
  ],
  reset_local: "2026-11-22T01:00:00+01:00",
};

export const REVOKED = { id: EXAMPLE_KEY_ID, status: "revoked", revoked_at: "2026-11-21T09:14:03.512Z" };
export const REGISTERED = {
  id: EXAMPLE_KEY_ID,
  status: "inactive",
  hint: EXAMPLE_HINT,
  email: "ada@example.com",
};
export const CONFIRMED = { id: EXAMPLE_KEY_ID, status: "active" };
export const CHECKED = { state: "ready", hint: EXAMPLE_HINT, expires_at: "2026-11-22T09:12:45.000Z" };
