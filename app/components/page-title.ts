// Every page's <title>: its own words, then the site's name. A helper rather than a metadata
// title template, so a page that writes its whole title itself is not suffixed twice.
export const SITE_NAME = "Jobs & Salary API";

export const titled = (page: string) => `${page} · ${SITE_NAME}`;
