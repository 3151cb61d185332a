import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w server` writes the next SQL migration from the schema (no database needed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
