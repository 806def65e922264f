import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readProjectToml } from '../config.ts';
import { createJwtService } from '../http/jwt.ts';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET } from '../keys.ts';
import { isFunctionName, resolveFunction } from './catalog.ts';
import { parseDotenv } from './env.ts';
import { checkFunctionJwt } from './verify-jwt.ts';

describe('parseDotenv', () => {
  it('reads plain, quoted, exported, commented and multi-line values', () => {
    const text = [
      '# a comment',
      'PLAIN=value # trailing',
      'export EXPORTED=yes',
      'DOUBLE="a \\"quoted\\" line\\nnext" # note',
      "SINGLE='kept \\n as is'",
      'EMPTY=',
      'MULTI="one',
      'two"',
      'not a pair',
      '',
    ].join('\r\n');
    expect(parseDotenv(text)).toEqual({
      PLAIN: 'value',
      EXPORTED: 'yes',
      DOUBLE: 'a "quoted" line\nnext',
      SINGLE: 'kept \\n as is',
      EMPTY: '',
      MULTI: 'one\ntwo',
    });
  });
});

describe('function names and resolution', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fn-catalog-'));
  const supabaseDir = path.join(root, 'supabase');
  const functionsDir = path.join(supabaseDir, 'functions');
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write(path.join(functionsDir, 'deno.json'), '{}');
  write(path.join(functionsDir, 'plain', 'index.ts'), '');
  write(path.join(functionsDir, 'own-config', 'index.ts'), '');
  write(path.join(functionsDir, 'own-config', 'deno.jsonc'), '{}');
  write(path.join(functionsDir, 'custom', 'main.ts'), '');
  write(path.join(functionsDir, 'off', 'index.ts'), '');
  write(path.join(functionsDir, '_shared', 'index.ts'), '');
  write(path.join(functionsDir, 'no-entry', 'other.ts'), '');
  write(path.join(root, 'outside', 'index.ts'), '');
  symlinkSync(path.join(root, 'outside'), path.join(functionsDir, 'escape'));
  write(
    path.join(supabaseDir, 'config.toml'),
    [
      '[functions.plain]',
      'verify_jwt = false',
      '[functions.custom]',
      'entrypoint = "./functions/custom/main.ts"',
      '[functions.off]',
      'enabled = false',
    ].join('\n'),
  );
  const toml = readProjectToml(supabaseDir);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('accepts the CLI slugs and nothing else', () => {
    for (const ok of ['echo', 'public-hello', 'a_b', 'X9']) expect(isFunctionName(ok), ok).toBe(true);
    for (const bad of ['', '_shared', '..', '.', 'a/b', 'a.b', '%2e', 'a b', 'é']) expect(isFunctionName(bad), bad).toBe(false);
  });

  it('resolves entrypoint, deno.json and verify_jwt as the CLI does', () => {
    expect(resolveFunction(supabaseDir, toml, 'plain')).toMatchObject({
      entrypoint: path.join(functionsDir, 'plain', 'index.ts'),
      configFile: path.join(functionsDir, 'deno.json'),
      verifyJwt: false,
    });
    expect(resolveFunction(supabaseDir, toml, 'own-config')).toMatchObject({
      configFile: path.join(functionsDir, 'own-config', 'deno.jsonc'),
      verifyJwt: true,
    });
    expect(resolveFunction(supabaseDir, toml, 'custom')?.entrypoint).toBe(path.join(functionsDir, 'custom', 'main.ts'));
  });

  it('finds no function that is disabled, shared, missing, entry-less or outside the functions folder', () => {
    for (const name of ['off', '_shared', 'missing', 'no-entry', 'escape', '..']) expect(resolveFunction(supabaseDir, toml, name), name).toBeUndefined();
  });
});

describe('verify_jwt', () => {
  const jwt = createJwtService(DEFAULT_JWT_SECRET);
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

  it('lets a valid HS256 token through', async () => {
    expect(await checkFunctionJwt(`Bearer ${DEFAULT_ANON_KEY}`, jwt)).toBeNull();
  });

  it('answers with the edge runtime codes', async () => {
    const cases: Array<[string | undefined, string, string]> = [
      [undefined, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header'],
      [`bearer ${DEFAULT_ANON_KEY}`, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT format'],
      [`Bearer  ${DEFAULT_ANON_KEY}`, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT format'],
      ['Bearer abc', 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT format'],
      [`Bearer ${DEFAULT_ANON_KEY.slice(0, -2)}xx`, 'UNAUTHORIZED_JWT', 'Invalid JWT'],
      [`Bearer ${b64({ alg: 'none' })}.${b64({ role: 'service_role' })}.`, 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM', 'Unsupported JWT algorithm none'],
      [`Bearer ${b64({ alg: 'ES256' })}.${b64({ role: 'service_role' })}.sig`, 'UNAUTHORIZED_ASYMMETRIC_JWT', 'Invalid JWT'],
    ];
    for (const [header, code, message] of cases) expect(await checkFunctionJwt(header, jwt), header).toEqual({ code, message });
  });
});
