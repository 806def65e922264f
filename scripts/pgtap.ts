import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../stack/db/database.ts';
import { postgresBinDir } from './pg-cluster.ts';

/**
 * pgTAP for a database that cannot `create extension pgtap` (PGlite has no extension files on
 * disk): the install script of Debian's postgresql-15-pgtap, run as CREATE EXTENSION would run
 * it. pgTAP is plain SQL and PL/pgSQL, so no C library is needed. Test-only: it never becomes
 * part of the product's migrations.
 */

/** Where Debian's PostgreSQL keeps extension scripts (`pg_config --sharedir`/extension). */
function extensionDir(): string {
  const pgConfig = path.join(postgresBinDir(), 'pg_config');
  const r = spawnSync(pgConfig, ['--sharedir'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${pgConfig} --sharedir failed: ${r.stderr || r.error?.message}`);
  return path.join(r.stdout.trim(), 'extension');
}

/**
 * The install script of the control file's default_version, with psql meta-commands removed
 * (`\echo Use "CREATE EXTENSION pgtap" ... \quit` guards scripts against psql) and @extschema@
 * resolved, as CREATE EXTENSION does.
 */
export function adaptExtensionScript(sql: string, schema: string): string {
  if (/\bMODULE_PATHNAME\b|\$libdir\b/.test(sql)) {
    throw new Error('this pgTAP install script loads a C library, which PGlite cannot load');
  }
  const quoted = `"${schema.replace(/"/g, '""')}"`;
  return sql
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
    .replaceAll('@extschema@', quoted);
}

export interface PgtapScript {
  version: string;
  file: string;
  sql: string;
}

export function readPgtapScript(schema: string, dir = extensionDir()): PgtapScript {
  const control = path.join(dir, 'pgtap.control');
  if (!existsSync(control)) {
    throw new Error(`${control} not found. Install Debian's postgresql-15-pgtap (apt-get install -y postgresql-15-pgtap).`);
  }
  const version = /^\s*default_version\s*=\s*'([^']+)'/m.exec(readFileSync(control, 'utf8'))?.[1];
  if (!version) throw new Error(`${control} names no default_version`);
  const file = path.join(dir, `pgtap--${version}.sql`);
  if (!existsSync(file)) throw new Error(`${file} not found: pgTAP ${version} has no full install script here`);
  return { version, file, sql: adaptExtensionScript(readFileSync(file, 'utf8'), schema) };
}

/** Runs the script in one transaction with the search_path CREATE EXTENSION ... SCHEMA <schema> sets. */
export async function installPgtap(db: Database, schema: string, script: PgtapScript): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`create schema if not exists "${schema.replace(/"/g, '""')}"`);
    await tx.query("select set_config('search_path', $1, true)", [`"${schema.replace(/"/g, '""')}", pg_temp`]);
    await tx.exec(script.sql);
  });
}
