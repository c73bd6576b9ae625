import { randomFillSync } from "node:crypto";

// Random bytes drawn 4 KB at a time, not a randomBytes call (a system call) per request: the
// request path makes no system call it can batch. Ids are not secrets; they only need to be
// unique.
const POOL = Buffer.alloc(4096);
let offset = POOL.length;

/** req_ + 96 random bits: unique enough to find one request in the logs. */
export function newRequestId(): string {
  if (offset + 12 > POOL.length) {
    randomFillSync(POOL);
    offset = 0;
  }
  const id = POOL.toString("base64url", offset, offset + 12);
  offset += 12;
  return `req_${id}`;
}
