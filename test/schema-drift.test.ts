// Fails when prisma/schema.prisma and the migrated database disagree on tables, columns,
// types, nullability, enums or indexes. Partitions of "jobs" are the importer's business.
import { readFileSync } from "node:fs";
import wasm from "@prisma/prisma-schema-wasm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Field = {
  name: string;
  dbName?: string | null;
  kind: string;
  type: string;
  isRequired: boolean;
  isList: boolean;
  nativeType?: [string, string[]] | null;
  relationName?: string | null;
};
type Model = { name: string; dbName: string | null; fields: Field[] };
type IndexDef = {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string | null;
  algorithm?: string;
  fields: { name: string; sortOrder?: "asc" | "desc" }[];
};

const schemaText = readFileSync("prisma/schema.prisma", "utf8");
const dmmf = JSON.parse(
  wasm.get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schemaText]], noColor: true })),
);
const models: Model[] = dmmf.datamodel.models;
const enums: { name: string; dbName: string | null; values: { name: string }[] }[] = dmmf.datamodel.enums;
const indexes: IndexDef[] = dmmf.datamodel.indexes;
const enumDbName = new Map(enums.map((e) => [e.name, e.dbName ?? e.name]));

// The DMMF leaves Unsupported(...) fields out; read them from the schema text.
function unsupportedFields(model: string): Map<string, { column: string; type: string; required: boolean }> {
  const block = new RegExp(`model ${model} \\{([\\s\\S]*?)\\n\\}`).exec(schemaText)?.[1] ?? "";
  const out = new Map<string, { column: string; type: string; required: boolean }>();
  for (const m of block.matchAll(/^\s*(\w+)\s+Unsupported\("([^"]+)"\)(\?)?(.*)$/gm)) {
    const column = /@map\("([^"]+)"\)/.exec(m[4] ?? "")?.[1] ?? m[1]!;
    out.set(m[1]!, { column, type: m[2]!, required: !m[3] });
  }
  return out;
}

function pgType(f: Field): string {
  // A list field (Int[]) is an array of its element's column type.
  if (f.isList) return `${pgType({ ...f, isList: false })}[]`;
  const [native, args = []] = f.nativeType ?? [];
  if (f.kind === "enum") return enumDbName.get(f.type)!;
  switch (native ?? f.type) {
    case "VarChar":
      return `character varying(${args[0]})`;
    case "Char":
      return `character(${args[0]})`;
    case "Text":
    case "String":
      return "text";
    case "Timestamptz":
      return `timestamp(${args[0] ?? 3}) with time zone`;
    case "DateTime":
      return "timestamp(3) without time zone";
    case "Date":
      return "date";
    case "Int":
      return "integer";
    case "SmallInt":
      return "smallint";
    case "BigInt":
      return "bigint";
    case "Boolean":
      return "boolean";
    case "Json":
      return "jsonb";
    case "Bytes":
      return "bytea";
    case "Float":
      return "double precision";
    case "Real":
      return "real";
    default:
      throw new Error(`drift test: map Prisma type ${native ?? f.type}`);
  }
}

function columnName(model: Model, field: string): string {
  const f = model.fields.find((x) => x.name === field);
  return f ? (f.dbName ?? f.name) : unsupportedFields(model.name).get(field)!.column;
}

// Indexes Prisma cannot express (partial), created by hand in the migrations: declared here so
// that any other difference still fails.
const SQL_ONLY_INDEXES = [
  "api_keys_one_live_per_user unique btree (user_id) on api_keys where (status = ANY (ARRAY['inactive'::key_status, 'active'::key_status]))",
  "deliveries_due_idx index btree (next_attempt_at) on deliveries where ((status)::text = 'pending'::text)",
  "job_copies_expires_idx index btree (snapshot_id, expires_at) on job_copies where (expires_at IS NOT NULL)",
  "jobs_country_words_idx index btree (snapshot_id, country_code, posted_at desc, id, combo, salary_currency, salary_year_min, salary_year_max, company_key, title_id, city_key, common_words, more_words) on jobs where (country_code IS NOT NULL)",
  "jobs_expires_idx index btree (snapshot_id, expires_at) on jobs where (expires_at IS NOT NULL)",
];

const expected = {
  tables: models.map((m) => m.dbName ?? m.name).sort(),
  columns: models
    .flatMap((m) => [
      ...m.fields
        .filter((f) => f.kind === "scalar" || f.kind === "enum")
        .map(
          (f) => `${m.dbName ?? m.name}.${f.dbName ?? f.name} ${pgType(f)}${f.isRequired ? " not null" : ""}`,
        ),
      ...[...unsupportedFields(m.name).values()].map(
        (u) => `${m.dbName ?? m.name}.${u.column} ${u.type}${u.required ? " not null" : ""}`,
      ),
    ])
    .sort(),
  enums: enums.map((e) => `${e.dbName ?? e.name}: ${e.values.map((v) => v.name).join(",")}`).sort(),
  indexes: indexes
    .map((ix) => {
      const model = models.find((m) => m.name === ix.model)!;
      const table = model.dbName ?? model.name;
      const cols = ix.fields.map((f) => columnName(model, f.name));
      const kind = ix.type === "id" ? "primary" : ix.type === "unique" ? "unique" : "index";
      const name =
        ix.dbName ??
        (kind === "primary"
          ? `${table}_pkey`
          : `${table}_${cols.join("_")}_${kind === "unique" ? "key" : "idx"}`);
      const method = (ix.algorithm ?? "BTree").toLowerCase();
      const colsWithOrder = ix.fields.map((f, i) => `${cols[i]}${f.sortOrder === "desc" ? " desc" : ""}`);
      return `${name} ${kind} ${method} (${colsWithOrder.join(", ")}) on ${table}`;
    })
    .concat(SQL_ONLY_INDEXES)
    .sort(),
};

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(() => client.end());

async function rows<T>(sql: string): Promise<T[]> {
  return (await client.query(sql)).rows as T[];
}

const USER_TABLES = `c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> '_prisma_migrations'`;

describe("schema.prisma matches the migrated database", () => {
  it("has the same tables", async () => {
    const actual = await rows<{ relname: string }>(
      `SELECT c.relname FROM pg_class c WHERE ${USER_TABLES} ORDER BY 1`,
    );
    expect(actual.map((r) => r.relname).sort()).toEqual(expected.tables);
  });

  it("has the same columns, types and nullability", async () => {
    const actual = await rows<{ col: string }>(`
      SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END AS col
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE ${USER_TABLES} AND a.attnum > 0 AND NOT a.attisdropped`);
    expect(actual.map((r) => r.col.replace(/"/g, "")).sort()).toEqual(expected.columns);
  });

  it("has the same enums", async () => {
    const actual = await rows<{ e: string }>(`
      SELECT t.typname || ': ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS e
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`);
    expect(actual.map((r) => r.e).sort()).toEqual(expected.enums);
  });

  it("has the same indexes", async () => {
    const actual = await rows<{ ix: string }>(`
      SELECT i.relname || ' ' || CASE WHEN x.indisprimary THEN 'primary' WHEN x.indisunique THEN 'unique' ELSE 'index' END
        || ' ' || am.amname || ' (' || (
          SELECT string_agg(a.attname || CASE WHEN pg_index_column_has_property(x.indexrelid, k.n::int, 'desc') THEN ' desc' ELSE '' END, ', ' ORDER BY k.n)
          FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
        ) || ') on ' || c.relname || coalesce(' where ' || pg_get_expr(x.indpred, x.indrelid), '') AS ix
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid JOIN pg_am am ON am.oid = i.relam
      WHERE ${USER_TABLES}`);
    expect(actual.map((r) => r.ix).sort()).toEqual(expected.indexes);
  });
});
