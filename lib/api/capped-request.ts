// A request whose body is read under the cap, for handlers that read bodies themselves
// (next-auth). Apart from lib/api/body.ts because it needs next/server, which server.ts must
// not load before Next has set up its environment.
import { NextRequest } from "next/server";
import { readCappedText } from "./body";
import { ApiError } from "./errors";
import { newRequestId } from "./request-id";
import { errorResponse } from "./respond";

/**
 * For handlers that read the body themselves (next-auth): the same request with its body read
 * under the cap, or the 413 to answer instead.
 */
export async function withCappedBody(req: Request): Promise<NextRequest | Response> {
  try {
    const body = await readCappedText(req);
    // Framing headers described the original stream, not this buffered copy.
    const headers = new Headers(req.headers);
    for (const h of ["content-length", "transfer-encoding", "connection"]) headers.delete(h);
    return new NextRequest(req.url, { method: req.method, headers, body });
  } catch (err) {
    if (err instanceof ApiError) return errorResponse(err, newRequestId());
    throw err;
  }
}
