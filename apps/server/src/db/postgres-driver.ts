import { createRequire } from 'node:module';
import type Pg from 'pg';

const require = createRequire(import.meta.url);
let driver: typeof Pg | undefined;

/**
 * node-postgres, loaded with the first PostgreSQL connection: a server on SQLite never holds it
 * (about 3 MB of heap).
 */
export function postgresDriver(): typeof Pg {
  if (!driver) {
    driver = require('pg') as typeof Pg;
    // int8 (COUNT, bigint timestamps) as numbers: every value we store fits in 2^53.
    driver.types.setTypeParser(20, (value) => Number(value));
  }
  return driver;
}
