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
  posted_at: "2026-09-27T01:03:32.000Z",
  latitude: 55.60587,
  longitude: 13.00073,
  description:
    "Juniperworks AB is hiring a Logistics Coordinator in Malmö.\n\nIn this role you will train new team members, handle stock, orders and deliveries and keep the workplace clean and organised.\n\nWe are looking for someone with a degree or equivalent practical experience and experience working in a distributed team.\n\nWe pay for your public transport and offer a yearly wellbeing allowance.\n\nThis is a full-time position.",
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
      posted_at: "2026-11-06T14:28:31.000Z",
      latitude: 50.11552,
      longitude: 8.68417,
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
      posted_at: "2026-11-05T09:37:54.000Z",
      latitude: 52.52437,
      longitude: 13.41053,
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
  currency: "EUR",
  period: "year",
  sample_size: 587,
  as_of: "2026-11-21",
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
