// Where an import's rows go. On a real Postgres: COPY, the fastest path (FREEZE where the table
// was created in the same transaction). On the embedded PGlite: batched multi-row INSERTs,
// because its socket server loses protocol sync on COPY ... FROM STDIN.
import { once } from "node:events";
import { finished } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { type CopyValue, copyLine } from "./copy-text";

export type LoadMethod = "copy" | "insert";

export interface RowSink {
  /** A promise only when the caller must wait (a full buffer): most rows cost no microtask. */
  write(row: CopyValue[]): Promise<void> | undefined;
  /** Whole lines of COPY text (the "copy" method only), as text or UTF-8 bytes. */
  writeText(chunk: string | Uint8Array): Promise<void> | undefined;
  end(): Promise<void>;
  /** Abandons the load after an error; the caller rolls back. */
  abort(err: Error): void;
}

const BATCH_BYTES = 1 << 20;
// Postgres takes at most 65,535 parameters per statement.
const MAX_PARAMS = 30_000;
const MAX_ROWS = 1_000;

function copySink(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  freeze: boolean,
): RowSink {
  const copy = client.query(
    copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN${freeze ? " WITH (FREEZE)" : ""}`),
  );
  let failure: Error | undefined;
  // The server can end a COPY early (a value it refuses); remember it instead of crashing.
  copy.on("error", (err) => (failure ??= err));
  let batch = "";
  const send = (chunk: string | Uint8Array) =>
    copy.write(chunk) ? undefined : once(copy, "drain").then(() => {});
  const writeText = (chunk: string | Uint8Array) => {
    if (failure) return Promise.reject(failure);
    if (typeof chunk !== "string") {
      if (batch) copy.write(batch); // the bytes' write below answers for both
      batch = "";
      return send(chunk);
    }
    batch += chunk;
    if (batch.length < BATCH_BYTES) return undefined;
    const full = batch;
    batch = "";
    return send(full);
  };
  return {
    write: (row) => writeText(copyLine(row)),
    writeText,
    async end() {
      if (failure) throw failure;
      copy.end(batch);
      await finished(copy);
    },
    // Aborting sends CopyFail; the server's error in reply is expected, not news.
    abort: (err) => copy.destroy(err),
  };
}

function insertSink(client: pg.PoolClient, table: string, columns: readonly string[]): RowSink {
  const perStatement = Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length));
  let rows: (string | number | null)[][] = [];
  let bytes = 0;
  const flush = async () => {
    if (!rows.length) return;
    const params: (string | number | null)[] = [];
    // Multi-row VALUES in an INSERT coerce each parameter to its target column's type.
    const tuples = rows.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(", ")})`);
    rows = [];
    bytes = 0;
    await client.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`, params);
  };
  return {
    writeText() {
      throw new Error("the INSERT path takes rows, not COPY text");
    },
    write(row) {
      // Dates as COPY writes them: node-postgres would send local time with a whole-minute offset.
      const values = row.map((v) => (v instanceof Date ? v.toISOString() : (v ?? null)));
      for (const v of values) if (typeof v === "string") bytes += v.length;
      rows.push(values);
      // Bounded like a COPY batch: long descriptions must not make one huge statement.
      return rows.length >= perStatement || bytes >= BATCH_BYTES ? flush() : undefined;
    },
    end: flush,
    abort: () => {
      rows = [];
      bytes = 0;
    },
  };
}

export function openSink(
  client: pg.PoolClient,
  method: LoadMethod,
  table: string,
  columns: readonly string[],
  opts: { freeze?: boolean } = {},
): RowSink {
  return method === "copy"
    ? copySink(client, table, columns, opts.freeze ?? false)
    : insertSink(client, table, columns);
}

/** PGlite reports itself in version(); everything else is a server that speaks COPY. */
export async function loadMethodFor(client: pg.PoolClient): Promise<LoadMethod> {
  const { rows } = await client.query<{ v: string }>("SELECT version() AS v");
  return /PGlite/i.test(rows[0]?.v ?? "") ? "insert" : "copy";
}
