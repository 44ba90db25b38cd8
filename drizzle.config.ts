import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema files and applied at start-up by the app itself,
// on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/leave-law-schema.ts',
    './src/server/db/company-schema.ts',
    './src/server/db/payslip-identity-schema.ts',
    './src/server/db/document-job-schema.ts',
    './src/server/db/system-schema.ts',
    './src/server/db/timesheet-schema.ts',
    './src/server/db/opening-schema.ts',
    './src/server/db/pay-run-schema.ts',
    './src/server/db/separation-schema.ts',
    './src/server/db/claim-schema.ts',
    './src/server/db/import-job-schema.ts',
  ],
  out: './src/server/db/migrations',
});
