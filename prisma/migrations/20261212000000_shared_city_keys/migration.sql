-- The city keys two or more city names of one country share in a snapshot (four-byte hashes of
-- the name can collide): a city filter on such a key rechecks the name on every row it reads,
-- counts included. Written by the import with the places (lib/catalog/import/places.ts). A
-- snapshot imported before has none recorded and trusts the key, as before.
ALTER TABLE "catalog_snapshots" ADD COLUMN "shared_city_keys" INTEGER[] NOT NULL DEFAULT '{}';
