// Paging limits, documented in docs/api.md and the API reference.
export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;
/** page × per_page may not exceed this: deep offsets cost the database and help nobody. */
export const MAX_RESULT_WINDOW = 10_000;
export const TITLE_MAX_LENGTH = 200;
/** The longest highlight snippet, in code points: thirty words, unless one is a very long token. */
export const SNIPPET_MAX = 2_000;
/** How long a location's pay history is kept, in months before its newest date (at most today). */
export const SALARY_HISTORY_MONTHS = 36;
/** The most points one history answer holds: a snapshot a day over the months kept. */
export const SALARY_HISTORY_MAX_POINTS = 1_200;
/** The most points of advertised pay one history answer holds: four currencies a snapshot. */
export const ADVERTISED_MAX_POINTS = 4 * SALARY_HISTORY_MAX_POINTS;
/** Salaried jobs of one title, country and currency needed before a job's pay is placed among them. */
export const PAY_GROUP_MIN = 10;
/** Salaried matches in one currency needed before their pay percentiles are given. */
export const PAY_SAMPLE_MIN = 20;
