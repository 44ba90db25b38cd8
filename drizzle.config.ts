import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/server/db/schema.ts and applied at start-up by the app itself,
// on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
