import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import { DEFAULT_JWT_SECRET, signServiceKeys } from './keys.ts';
import { isValidBucketName } from './storage/names.ts';
import { parseSize } from './storage/size.ts';

const EnvSchema = z.object({
  STACK_PORT: z.coerce.number().int().min(0).max(65535).default(54321),
  STACK_HOST: z.string().min(1).default('127.0.0.1'),
  STACK_DATA_DIR: z.string().min(1).default('.data'),
  STACK_DB_PORT: z.coerce.number().int().min(0).max(65535).default(54322),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').default(DEFAULT_JWT_SECRET),
  STACK_PROJECT_DIR: z.string().min(1).default('.'),
  STACK_LOG: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  /** Wall-clock limit of one edge function request; Supabase's is 150 s. */
  STACK_FUNCTION_TIMEOUT_MS: z.coerce.number().int().positive().default(150_000),
  /** Restart a function's worker when its files change (`npm run dev`). */
  /**
   * Addresses outside loopback that pg_net requests from the database may reach (IPs or CIDRs,
   * comma-separated): private, link-local and metadata addresses are refused unless listed here.
   */
  STACK_NET_ALLOWED_ADDRESSES: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const list = v.split(',').map((s) => s.trim()).filter(Boolean);
      for (const entry of list) {
        const [address, bits, ...rest] = entry.split('/');
        const family = isIP(address);
        const max = family === 6 ? 128 : 32;
        if (family === 0 || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or CIDR range` });
        }
      }
      return list;
    }),
  STACK_FUNCTIONS_WATCH: z.enum(['0', '1', 'false', 'true']).default('0').transform((v) => v === '1' || v === 'true'),
});

export type StackEnv = z.infer<typeof EnvSchema>;

/** A human-friendly size ('50MiB', '5MB') or a byte count, as the CLI reads file_size_limit. */
const SizeSchema = z.union([z.string(), z.number()]).refine(
  (v) => {
    try {
      parseSize(v);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a size such as "50MiB", "5MB" or a number of bytes' },
);

/**
 * `[storage.buckets.<name>]`: the buckets `supabase start` and `supabase db reset` create or update
 * (`supabase seed buckets`), and the folder whose files are uploaded into each (objects_path,
 * relative to supabase/).
 */
const BucketSchema = z.object({
  public: z.boolean().optional(),
  file_size_limit: SizeSchema.optional(),
  allowed_mime_types: z.array(z.string()).optional(),
  objects_path: z.string().optional(),
});

export type BucketToml = z.infer<typeof BucketSchema>;

/** The parts of supabase/config.toml the stack honours; everything else is accepted and ignored, as the CLI does for services it does not run. */
const TomlSchema = z
  .object({
    project_id: z.string().optional(),
    api: z
      .object({
        schemas: z.array(z.string()).default(['public', 'graphql_public']),
        extra_search_path: z.array(z.string()).default(['public', 'extensions']),
        max_rows: z.number().int().positive().default(1000),
      })
      .partial()
      .default({}),
    db: z
      .object({
        major_version: z.number().int().optional(),
        seed: z.object({ enabled: z.boolean().optional(), sql_paths: z.array(z.string()).optional() }).optional(),
      })
      .partial()
      .default({}),
    realtime: z.record(z.string(), z.unknown()).default({}),
    storage: z
      .object({ file_size_limit: z.string().default('50MiB'), buckets: z.record(z.string(), BucketSchema).optional() })
      .partial()
      .default({}),
    auth: z.record(z.string(), z.unknown()).default({}),
    functions: z.record(z.string(), z.object({ verify_jwt: z.boolean().optional(), enabled: z.boolean().optional() }).passthrough()).default({}),
  })
  .passthrough();

export type ProjectToml = z.infer<typeof TomlSchema>;

export interface StackConfig {
  env: StackEnv;
  /** Absolute project root (holds supabase/). */
  projectDir: string;
  supabaseDir: string;
  dataDir: string;
  url: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  toml: ProjectToml;
}

export class ConfigError extends Error {}

export function readEnv(source: NodeJS.ProcessEnv = process.env): StackEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid stack configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function readProjectToml(supabaseDir: string): ProjectToml {
  const file = path.join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return TomlSchema.parse({});
  let raw: unknown;
  try {
    raw = parseToml(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError(`${file} is not valid TOML: ${(e as Error).message}`);
  }
  const parsed = TomlSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`${file} is invalid:\n${lines.join('\n')}`);
  }
  // As the CLI does when it loads the config: a bucket name Storage would refuse stops here.
  for (const name of Object.keys(parsed.data.storage.buckets ?? {})) {
    if (!isValidBucketName(name)) throw new ConfigError(`${file} is invalid:\n  storage.buckets.${name}: not a valid bucket name`);
  }
  return parsed.data;
}

export async function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<StackEnv> = {}): Promise<StackConfig> {
  const env = { ...readEnv(source), ...overrides };
  const projectDir = path.resolve(env.STACK_PROJECT_DIR);
  const supabaseDir = path.join(projectDir, 'supabase');
  const toml = readProjectToml(supabaseDir);
  const { anonKey, serviceRoleKey } = await signServiceKeys(env.JWT_SECRET);
  return {
    env,
    projectDir,
    supabaseDir,
    dataDir: path.resolve(projectDir, env.STACK_DATA_DIR),
    url: `http://${env.STACK_HOST}:${env.STACK_PORT}`,
    jwtSecret: env.JWT_SECRET,
    anonKey,
    serviceRoleKey,
    toml,
  };
}
