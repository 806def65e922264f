import { readFileSync } from 'node:fs';
import { expect, inject, it } from 'vitest';
import { GENERATED_TYPES_FILE, generateTypes } from '../../scripts/generate-types.ts';

/**
 * The app's client is typed from src/types/database.ts: a migration that changes a table, a view or a
 * function without regenerating it would leave the compiler checking the app against a schema that
 * no longer exists. Generated here from the migrated database this suite runs on, with the same
 * generator `npm run gen:types` uses.
 */
it('src/types/database.ts is what the migrations generate', async () => {
  const generated = await generateTypes(inject('app').dbUrl);
  const committed = readFileSync(GENERATED_TYPES_FILE, 'utf8');
  expect(generated === committed, 'src/types/database.ts is out of date with supabase/migrations: run `npm run gen:types` and commit the result').toBe(true);
}, 120_000);
