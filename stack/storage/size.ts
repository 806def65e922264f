import { ERRORS } from './errors.ts';

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/** '50MiB', '20MB', '3B' or a plain byte count -> bytes (config.toml and the bucket API both use these). */
export function parseSize(value: string | number): number {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw ERRORS.invalidFileSizeLimit();
    return value;
  }
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = m ? UNITS[(m[2] || 'b').toLowerCase()] : undefined;
  if (!m || unit === undefined) throw ERRORS.invalidFileSizeLimit();
  return Math.floor(Number(m[1]) * unit);
}
