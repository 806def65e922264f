import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext, StackService } from '../http/service.ts';
import { resolveFunction } from './catalog.ts';
import { functionEnv, readFunctionSecrets } from './env.ts';
import { WorkerPool } from './pool.ts';
import { proxyToWorker } from './proxy.ts';
import { sendFunctionNotFound, sendUnauthorized, sendWorkerFailure } from './responses.ts';
import { checkFunctionJwt } from './verify-jwt.ts';
import { watchFunctions } from './watch.ts';
import { WorkerBootError } from './worker.ts';

export interface FunctionsServiceOptions {
  timeoutMs?: number;
  watch?: boolean;
}

/** /functions/v1/<name>[/...]: each supabase/functions/<name> served by its own warm Deno worker. */
export function createFunctionsService(ctx: StackContext, options: FunctionsServiceOptions = {}): StackService {
  const { config, log } = ctx;
  const timeoutMs = options.timeoutMs ?? config.env.STACK_FUNCTION_TIMEOUT_MS;
  const functionsDir = path.join(config.supabaseDir, 'functions');
  const secretsFile = path.join(functionsDir, '.env');
  let secrets: Record<string, string> | undefined;

  const pool = new WorkerPool({
    functionsDir,
    bootTimeoutMs: timeoutMs,
    log,
    env() {
      secrets ??= readFunctionSecrets(secretsFile, log);
      return functionEnv(
        {
          SUPABASE_URL: config.url,
          SUPABASE_ANON_KEY: config.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
          SUPABASE_DB_URL: ctx.dbUrl,
        },
        secrets,
        { DENO_DIR: path.join(config.dataDir, 'deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      );
    },
  });

  const stopWatching =
    (options.watch ?? config.env.STACK_FUNCTIONS_WATCH)
      ? watchFunctions(
          functionsDir,
          (names) => {
            if (names === null) secrets = undefined;
            log.info(`functions: files changed, reloading ${names ? [...names].join(', ') : 'all functions'}`);
            pool.retireAll(names ?? undefined).catch((e) => log.error('functions: reload failed', e));
          },
          log,
        )
      : () => {};

  return {
    async handle(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL) {
      const name = subpath.split('/')[1] ?? '';
      const definition = pool.current(name)?.definition ?? resolveFunction(config.supabaseDir, config.toml, name);
      if (!definition) {
        req.resume();
        sendFunctionNotFound(res);
        return;
      }
      // Preflight reaches the function unauthenticated, as on Supabase: browsers never send credentials with it.
      if (req.method !== 'OPTIONS' && definition.verifyJwt) {
        const refusal = await checkFunctionJwt(req.headers.authorization, ctx.jwt);
        if (refusal) {
          req.resume();
          sendUnauthorized(res, refusal);
          return;
        }
      }
      let worker;
      try {
        worker = await pool.acquire(definition);
      } catch (e) {
        if (!(e instanceof WorkerBootError)) throw e;
        log.error(`functions: ${e.message}`);
        req.resume();
        sendWorkerFailure(res, 'boot');
        return;
      }
      await proxyToWorker(req, res, worker, {
        target: subpath + url.search,
        timeoutMs,
        onTimeout: () => {
          log.error(`functions: ${name} exceeded its ${timeoutMs} ms wall clock limit; worker stopped`);
          void pool.retire(worker);
        },
      });
    },
    async close() {
      stopWatching();
      await pool.close();
    },
  };
}
