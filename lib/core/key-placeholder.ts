// The one name the key goes by in every example the site, the docs, the reference and the
// e-mails show: an environment variable, so a copied command works once the key is exported,
// and the key itself is never on a page.
export const KEY_ENV = "JOBS_API_KEY";

/** How a shell command refers to the key. */
export const KEY_VAR = `$${KEY_ENV}`;

/** The line that puts the key where the examples read it. */
export const KEY_EXPORT = `export ${KEY_ENV}=jsk_…`;
