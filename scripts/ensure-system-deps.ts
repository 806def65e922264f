/**
 * Makes sure the system programs the test suite needs are installed: Chromium for Playwright (it cannot
 * download browsers here), PostgreSQL 15 for the conformance run on real Postgres, and pgTAP + pg_prove
 * for the database tests. As root on Debian it installs what is missing with apt; anywhere else it
 * stops with one line naming what to install.
 *
 * Usage: tsx scripts/ensure-system-deps.ts   (npm test runs it first)
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface Requirement {
  what: string;
  /** Present when this file exists (or, for a bare name, when it is on PATH). */
  probe: string;
  debianPackage: string;
}

export const REQUIREMENTS: readonly Requirement[] = [
  { what: 'Chromium', probe: '/usr/bin/chromium', debianPackage: 'chromium' },
  { what: 'PostgreSQL 15 server', probe: '/usr/lib/postgresql/15/bin/postgres', debianPackage: 'postgresql-15' },
  { what: 'pgTAP', probe: '/usr/share/postgresql/15/extension/pgtap.control', debianPackage: 'postgresql-15-pgtap' },
  { what: 'pg_prove', probe: 'pg_prove', debianPackage: 'libtap-parser-sourcehandler-pgtap-perl' },
];

export class MissingSystemDeps extends Error {}

function onPath(command: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

function isPresent(requirement: Requirement): boolean {
  return path.isAbsolute(requirement.probe) ? existsSync(requirement.probe) : onPath(requirement.probe);
}

export function missingRequirements(): Requirement[] {
  return REQUIREMENTS.filter((requirement) => !isPresent(requirement));
}

function canInstallWithApt(): boolean {
  return existsSync('/etc/debian_version') && process.getuid?.() === 0 && onPath('apt-get');
}

function apt(args: string[]): void {
  const result = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new MissingSystemDeps(`apt-get ${args.join(' ')} failed (${result.error?.message ?? `exit code ${result.status}`}).`);
  }
}

function describe(requirements: Requirement[]): string {
  return requirements.map((r) => (path.isAbsolute(r.probe) ? `${r.what} (${r.probe})` : `${r.what} (not on PATH)`)).join(', ');
}

/** Returns when everything is present; throws MissingSystemDeps with a one-line explanation otherwise. */
export function ensureSystemDeps(): void {
  const missing = missingRequirements();
  if (missing.length === 0) return;
  const packages = missing.map((r) => r.debianPackage);
  if (!canInstallWithApt()) {
    throw new MissingSystemDeps(
      `Missing ${describe(missing)}. Install with: sudo apt-get install -y ${packages.join(' ')} (Debian/Ubuntu), then run npm test again.`,
    );
  }
  console.log(`Installing missing system packages with apt: ${packages.join(' ')}`);
  apt(['update']);
  apt(['install', '-y', ...packages]);
  const stillMissing = missingRequirements();
  if (stillMissing.length > 0) {
    throw new MissingSystemDeps(`apt-get installed ${packages.join(' ')} but ${describe(stillMissing)} is still missing.`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureSystemDeps();
    console.log(`System dependencies present: ${REQUIREMENTS.map((r) => r.what).join(', ')}.`);
  } catch (error) {
    if (!(error instanceof MissingSystemDeps)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
