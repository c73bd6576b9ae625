// The unit project's setup: quiet logs, as in the integration project, and nothing else. Unit
// tests reach no database, Redis or mail sink, so no address is set here.
process.env.LOG_LEVEL ??= "silent";
