// Types of scripts/copy-reference-assets.mjs (plain JavaScript: it runs before anything is compiled).
export type ReferencePin = { package: string; version: string; integrity: string };
export function readPin(pkgJson?: string): ReferencePin;
export function verifyIntegrity(bytes: Uint8Array, integrity: string, what: string): void;
export function extractFromTarball(gzipped: Uint8Array, wanted: string): Buffer | null;
export function loadTarball(
  pin?: ReferencePin,
  run?: (cmd: string, args: string[], opts: { cwd: string }) => unknown,
  dir?: string,
): Buffer;
export function loadBundle(pin?: ReferencePin): string;
export function patchScalar(bundle: string): { text: string; replaced: number };
