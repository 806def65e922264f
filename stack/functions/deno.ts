import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FunctionDefinition } from './catalog.ts';

const require = createRequire(import.meta.url);

let denoBinary: string | undefined;

/** The executable of the `deno` npm package (its installer links the platform binary into place). */
export function findDeno(): string {
  if (denoBinary) return denoBinary;
  const installer = require('deno/install_api.cjs') as { runInstall(): string };
  denoBinary = installer.runInstall();
  return denoBinary;
}

export const BOOTSTRAP = fileURLToPath(new URL('./deno/worker-bootstrap.js', import.meta.url));

/**
 * The node_modules that npm: specifiers resolve from: the nearest one above the functions, as its real
 * path (the functions' tests link supabase/functions/node_modules to the project's for Deno's type check,
 * and read permission is granted on the path Deno actually reads).
 */
export function findNodeModules(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules');
    if (existsSync(candidate)) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

export interface DenoLaunch {
  definition: FunctionDefinition;
  functionsDir: string;
  socketDir: string;
  socketPath: string;
  readyMarker: string;
}

/**
 * Offline and least privilege: no remote modules, no prompts, no lockfile written into the
 * project; read access to the functions and node_modules, write access only to the socket dir.
 */
export function denoArgs({ definition, functionsDir, socketDir, socketPath, readyMarker }: DenoLaunch): string[] {
  const readable = [functionsDir, socketDir];
  const nodeModules = findNodeModules(functionsDir);
  if (nodeModules) readable.push(nodeModules);
  if (definition.configFile) readable.push(definition.configFile);
  return [
    'run',
    '--no-remote',
    '--no-prompt',
    '--no-lock',
    ...(definition.configFile ? ['--config', definition.configFile] : ['--no-config']),
    '--allow-net',
    '--allow-env',
    '--allow-sys',
    `--allow-read=${readable.join(',')}`,
    `--allow-write=${socketDir}`,
    BOOTSTRAP,
    pathToFileURL(definition.entrypoint).href,
    socketPath,
    readyMarker,
  ];
}
