// The changes feed's cursor: a position in the feed (a change's sequence number) as the opaque
// text callers hold, read back only when it is one this service could have given.

/** The largest position PostgreSQL's bigint holds: a larger one was never given. */
const MAX_SEQ = 2n ** 63n - 1n;

export function encodeCursor(seq: bigint): string {
  return Buffer.from(`c1:${seq}`).toString("base64url");
}

export function decodeCursor(text: string): bigint | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return null;
  const m = /^c1:(0|[1-9][0-9]{0,18})$/.exec(Buffer.from(text, "base64url").toString("latin1"));
  const seq = m?.[1] ? BigInt(m[1]) : null;
  return seq !== null && seq <= MAX_SEQ ? seq : null;
}
