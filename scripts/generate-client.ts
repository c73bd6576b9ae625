// npm run client:generate — rewrites the typed client's schema.ts from the OpenAPI document.
import { writeFileSync } from "node:fs";
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from "./client-schema";

writeFileSync(CLIENT_SCHEMA_FILE, await clientSchemaSource());
console.log(`wrote ${CLIENT_SCHEMA_FILE}`);
