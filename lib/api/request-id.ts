import { randomBytes } from "node:crypto";

/** req_ + 96 random bits: unique enough to find one request in the logs. */
export function newRequestId(): string {
  return `req_${randomBytes(12).toString("base64url")}`;
}
