// MailDev as the development and test SMTP sink: mail sent to its SMTP port is kept in memory,
// shown in its web UI, and readable over its REST API (GET /email).
import { rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

const require = createRequire(import.meta.url);

type MailDevServer = { listen(cb: (err?: Error) => void): void; close(cb: () => void): void };
type MailDevCtor = new (opts: Record<string, unknown>) => MailDevServer;

export type SinkMessage = {
  id: string;
  subject: string;
  to: { address: string }[];
  html: string;
  text: string;
  date: string;
};

export async function startMailSink(
  smtp: number,
  web: number,
): Promise<{ webUrl: string; stop: () => Promise<void> }> {
  const MailDev = require("maildev") as MailDevCtor;
  const before = { SIGINT: process.listeners("SIGINT"), SIGTERM: process.listeners("SIGTERM") };
  // Its own folder for the messages' files, removed on stop: MailDev's default one is left behind.
  const mailDirectory = await mkdtemp(path.join(tmpdir(), "maildev-"));
  const server = new MailDev({ smtp, web, ip: "127.0.0.1", silent: true, disableWeb: false, mailDirectory });
  // MailDev exits the whole process on SIGINT/SIGTERM; the host decides how to shut down
  // (npm run dev must close the embedded database first).
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    for (const l of process.listeners(signal)) if (!before[signal].includes(l)) process.off(signal, l);
  }
  // A host that exits without stopping the sink (npm run dev on Ctrl-C) still removes the folder.
  const removeOnExit = () => rmSync(mailDirectory, { recursive: true, force: true });
  process.once("exit", removeOnExit);
  const stop = async () => {
    process.off("exit", removeOnExit);
    await new Promise<void>((r) => server.close(() => r()));
    await rm(mailDirectory, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => server.listen((err) => (err ? reject(err) : resolve())));
  } catch (err) {
    process.off("exit", removeOnExit);
    await rm(mailDirectory, { recursive: true, force: true });
    throw err;
  }
  return { webUrl: `http://127.0.0.1:${web}`, stop };
}

/** Waits for the newest message to `to` matching `subject` (a test's view of the inbox). */
export async function waitForMail(
  webUrl: string,
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<SinkMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const all = (await (await fetch(`${webUrl}/email`)).json()) as SinkMessage[];
    const found = all
      .filter(
        (m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()) && subject.test(m.subject),
      )
      .at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
