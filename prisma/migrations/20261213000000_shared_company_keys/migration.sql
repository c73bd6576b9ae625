-- The company keys two or more company names share in a snapshot (four-byte hashes of the name
-- can collide): facets count such a key's jobs per name. Written by the import's load
-- (lib/catalog/import/company-keys.ts). A snapshot imported before has none recorded, and its
-- facets count by key, as before.
ALTER TABLE "catalog_snapshots" ADD COLUMN "shared_company_keys" INTEGER[] NOT NULL DEFAULT '{}';
