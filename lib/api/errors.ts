// The one error class of the API and its one JSON shape; domain failures become ApiErrors here.
import type { Failure, Result } from "../core/result";
import { isUnavailable } from "../core/unavailable";

export const ERROR_STATUS = {
  invalid_parameter: 400,
  invalid_path: 400,
  bad_request: 400,
  key_in_query: 400,
  invalid_token: 400,
  invalid_signature: 400,
  invalid_key: 401,
  key_inactive: 401,
  not_signed_in: 401,
  forbidden: 403,
  plan_limit: 403,
  site_only: 403,
  not_found: 404,
  insufficient_data: 404,
  billing_unavailable: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  key_exists: 409,
  registration_in_progress: 409,
  token_expired: 410,
  cursor_expired: 410,
  payload_too_large: 413,
  headers_too_large: 431,
  quota_exceeded: 429,
  rate_limited: 429,
  internal_error: 500,
  mail_unavailable: 503,
  payment_provider_unavailable: 503,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    request_id: string;
    param?: string;
    window?: "daily" | "monthly";
  };
}

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { param?: string; window?: "daily" | "monthly"; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }

  body(requestId: string): ErrorBody {
    const error: ErrorBody["error"] = { code: this.code, message: this.message, request_id: requestId };
    if (this.options.param) error.param = this.options.param;
    if (this.options.window) error.window = this.options.window;
    return { error };
  }
}

export const invalidParameter = (param: string, message: string) =>
  new ApiError("invalid_parameter", message, { param });

/** A domain failure as the API's error; only codes the API knows type-check. */
export function fromFailure(f: Failure<ErrorCode>): ApiError {
  const headers = f.retryAfterSeconds ? { "Retry-After": String(f.retryAfterSeconds) } : undefined;
  return new ApiError(f.code, f.message, { param: f.param, headers });
}

/** The value of a result, or its failure thrown as an ApiError for the wrapper to answer. */
export function orThrow<T>(result: Result<T, ErrorCode>): T {
  if (!result.ok) throw fromFailure(result);
  return result.value;
}

/** 503: a dependency is away or too slow; the request did nothing and was not charged. */
export const unavailable = () =>
  new ApiError("service_unavailable", "The service is temporarily unavailable; retry shortly.", {
    headers: { "Retry-After": "5" },
  });

/** Maps anything thrown inside a handler to an ApiError; unknown errors become 500. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isUnavailable(err)) return unavailable();
  return new ApiError(
    "internal_error",
    "Something went wrong on our side; it has been logged with this request id.",
  );
}
