/**
 * A store as an older slant wrote it: the schema migrations up to `version` and the version
 * recorded, so a test can put old rows in and check what opening it with today's slant does.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { postgresMigration } from '../../src/runtime/pg-schema.js';
import { MIGRATIONS, sqliteMigration } from '../../src/runtime/store-schema.js';

export function sqliteStoreAt(raw: Database.Database, version: number): void {
  for (const m of MIGRATIONS.slice(0, version)) raw.exec(sqliteMigration(m));
  raw.pragma(`user_version = ${version}`);
}

export async function postgresStoreAt(client: pg.Client, version: number): Promise<void> {
  await client.query('CREATE TABLE slant_schema (part TEXT PRIMARY KEY, version INTEGER NOT NULL)');
  for (const m of MIGRATIONS.slice(0, version)) await client.query(postgresMigration(m));
  await client.query("INSERT INTO slant_schema (part, version) VALUES ('store', $1)", [version]);
}
