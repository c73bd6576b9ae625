// Results as values: domain modules return a Failure instead of throwing, and lib/api/ maps its
// code to an HTTP status. The codes are the API's error codes (lib/api/errors.ts checks that).
export type Failure<C extends string = string> = {
  ok: false;
  code: C;
  message: string;
  /** The parameter (or header) that was wrong. */
  param?: string;
  /** When the caller may try again, for temporary refusals. */
  retryAfterSeconds?: number;
};

export type Ok<T> = { ok: true; value: T };
export type Result<T, C extends string = string> = Ok<T> | Failure<C>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });

export function fail<C extends string>(
  code: C,
  message: string,
  extra: { param?: string; retryAfterSeconds?: number } = {},
): Failure<C> {
  return { ok: false, code, message, ...extra };
}

export const invalidParam = (param: string, message: string) => fail("invalid_parameter", message, { param });
