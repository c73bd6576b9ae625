// Points every test worker at the run's private database and Redis prefix before any module
// reads env.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.REDIS_URL = inject("redisUrl");
process.env.REDIS_PREFIX = inject("redisPrefix");
process.env.SMTP_URL = inject("smtpUrl");
process.env.MAIL_WEB_URL = inject("mailWebUrl");
process.env.LOG_LEVEL ??= "silent";
