// The mail sink is down. Signing in needs a magic link by e-mail, so registration proper is
// covered by test/register-smtp-down.test.ts; here: the registration route, reached without a
// session while SMTP is away, must refuse cleanly in JSON (401/403), and the site stays up.
import { errorCode, header } from "../http";
import { measure, type Scenario } from "../scenario";

export const SMTP_DOWN = {
  allowedStatuses: [401, 403],
};

export const smtpDown: Scenario = {
  name: "smtp-down",
  run: (w) =>
    measure(w, "smtp-down", async (r) => {
      await w.sink.stop();
      try {
        const register = await r.send("/api/keys/register", {
          method: "POST",
          headers: { Origin: w.server.url, "Content-Type": "application/json" },
          body: "{}",
        });
        const type = header(register, "content-type") ?? "";
        r.check(
          SMTP_DOWN.allowedStatuses.includes(register.status) &&
            type.includes("application/json") &&
            !!errorCode(register),
          `POST /api/keys/register without a session: ${register.status || register.error} ${type} ` +
            `code=${errorCode(register)} (want 401/403 JSON with error.code)`,
        );
        r.note(`register without session: ${register.status} ${errorCode(register)}`);
        const health = await r.send("/api/health");
        r.check(
          health.status === 200,
          `/api/health ${health.status || health.error} with the mail sink down`,
        );
      } finally {
        await w.sink.start();
      }
    }),
};
