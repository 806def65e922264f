import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ProjectToml } from '../config.ts';

/** One deployable function of the project, as the Supabase CLI resolves it. */
export interface FunctionDefinition {
  name: string;
  dir: string;
  entrypoint: string;
  /** deno.json(c) or import map that Deno runs the function with; undefined runs without one. */
  configFile: string | undefined;
  verifyJwt: boolean;
}

const NAME = /^[A-Za-z0-9_-]+$/;

/** The CLI's slug rule; a leading `_` marks shared code (`_shared`), never a function. */
export function isFunctionName(name: string): boolean {
  return NAME.test(name) && !name.startsWith('_');
}

const CONFIG_NAMES = ['deno.json', 'deno.jsonc'];

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep);
}

function realFile(file: string): string | undefined {
  try {
    const real = realpathSync(file);
    return statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

function tomlString(section: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = section?.[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The function's own deno.json, else the nearest one up to supabase/functions, else the legacy import_map.json. */
function discoverConfig(functionsRoot: string, dir: string): string | undefined {
  for (let current = dir; isInside(functionsRoot, current); current = path.dirname(current)) {
    for (const name of CONFIG_NAMES) {
      const found = realFile(path.join(current, name));
      if (found) return found;
    }
    if (current === functionsRoot) break;
  }
  return realFile(path.join(functionsRoot, 'import_map.json'));
}

/**
 * Resolves `name` under <supabaseDir>/functions with config.toml's [functions.<name>]
 * (enabled, verify_jwt, entrypoint, import_map; paths relative to supabase/). A directory or
 * entrypoint that resolves outside supabase/functions (symlinks included), or an import map
 * outside supabase/, makes no function.
 */
export function resolveFunction(supabaseDir: string, toml: ProjectToml, name: string): FunctionDefinition | undefined {
  if (!isFunctionName(name)) return undefined;
  const section = toml.functions[name] as Record<string, unknown> | undefined;
  if (section?.enabled === false) return undefined;
  const functionsDir = path.join(supabaseDir, 'functions');
  if (!existsSync(functionsDir)) return undefined;
  const root = realpathSync(functionsDir);
  const dir = path.join(root, name);
  let realDir: string;
  try {
    realDir = realpathSync(dir);
    if (!statSync(realDir).isDirectory() || !isInside(root, realDir)) return undefined;
  } catch {
    return undefined;
  }
  const entrySetting = tomlString(section, 'entrypoint');
  const entrypoint = realFile(entrySetting ? path.resolve(supabaseDir, entrySetting) : path.join(realDir, 'index.ts'));
  if (!entrypoint || !isInside(root, entrypoint)) return undefined;
  const importMap = tomlString(section, 'import_map');
  let configFile: string | undefined;
  if (importMap) {
    configFile = realFile(path.resolve(supabaseDir, importMap));
    if (!configFile || !isInside(realpathSync(supabaseDir), configFile)) return undefined;
  } else {
    configFile = discoverConfig(root, realDir);
  }
  return { name, dir: realDir, entrypoint, configFile, verifyJwt: section?.verify_jwt !== false };
}
