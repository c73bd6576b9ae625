// Paging limits, documented in docs/api.md and the API reference.
export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;
/** page × per_page may not exceed this: deep offsets cost the database and help nobody. */
export const MAX_RESULT_WINDOW = 10_000;
export const TITLE_MAX_LENGTH = 200;
/** The longest highlight snippet, in code points: thirty words, unless one is a very long token. */
export const SNIPPET_MAX = 2_000;
