// Points every test worker at the run's private database before any module reads env.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.LOG_LEVEL ??= "silent";
