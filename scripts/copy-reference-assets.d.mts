// Types of scripts/copy-reference-assets.mjs (plain JavaScript: it runs before anything is compiled).
export function patchScalar(bundle: string): { text: string; replaced: number };
