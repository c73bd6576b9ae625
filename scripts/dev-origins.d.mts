// Types of scripts/dev-origins.mjs (plain JavaScript: next.config.mjs loads it uncompiled).
export function devOrigins(from?: {
  appUrl?: string;
  interfaces?: Record<string, { address: string }[] | undefined>;
  machine?: string;
}): string[];
