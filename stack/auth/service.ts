import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.ts';
import type { StackContext, StackService } from '../http/service.ts';
import type { AuthDeps } from './deps.ts';
import { AuthError, notFound, OAuthError, sendAuthError, versionHeaders } from './errors.ts';
import { adminUsers, invite } from './handlers/admin.ts';
import { generateLink } from './handlers/generate-link.ts';
import { health, settings } from './handlers/meta.ts';
import { reauthenticate } from './handlers/reauthenticate.ts';
import { otp, recover, resend } from './handlers/recover.ts';
import { signup } from './handlers/signup.ts';
import { tokenGrant } from './handlers/token.ts';
import { getUser, logout, updateUser } from './handlers/user.ts';
import { verifyGet, verifyPost } from './handlers/verify.ts';
import { Mailer } from './mailer.ts';
import { RateLimiter } from './rate-limit.ts';
import { SessionService } from './sessions.ts';
import { readAuthSettings } from './settings.ts';

const FIVE_MINUTES = 5 * 60_000;

type Route = (deps: AuthDeps, req: IncomingMessage, url: URL) => Promise<unknown> | unknown;

/** method + path -> handler returning the JSON body GoTrue answers with 200. */
const ROUTES: Record<string, Route> = {
  'POST /signup': signup,
  'POST /token': tokenGrant,
  'GET /user': getUser,
  'PUT /user': updateUser,
  'GET /reauthenticate': reauthenticate,
  'POST /recover': recover,
  'POST /otp': otp,
  'POST /magiclink': otp,
  'POST /resend': resend,
  'POST /verify': verifyPost,
  'POST /invite': invite,
  'POST /admin/generate_link': generateLink,
  'GET /settings': settings,
  'GET /health': health,
};

/** /auth/v1: the GoTrue endpoints auth-js calls. */
export function createAuthService(ctx: StackContext): StackService {
  const authSettings = readAuthSettings(ctx.config);
  const deps: AuthDeps = {
    ctx,
    settings: authSettings,
    sessions: new SessionService(ctx, authSettings),
    mailer: new Mailer(authSettings, () => ctx.config.url),
    limits: {
      signInSignUps: new RateLimiter(authSettings.rateLimit.signInSignUps, FIVE_MINUTES),
      tokenRefresh: new RateLimiter(authSettings.rateLimit.tokenRefresh, FIVE_MINUTES),
      verifications: new RateLimiter(authSettings.rateLimit.tokenVerifications, FIVE_MINUTES),
    },
    aud: 'authenticated',
  };

  async function dispatch(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<void> {
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const path = subpath.length > 1 ? subpath.replace(/\/+$/, '') : subpath;
    if (method === 'GET' && path === '/verify') {
      await verifyGet(deps, req, res, url);
      return;
    }
    if (method === 'POST' && path === '/logout') {
      await logout(deps, req, url);
      res.writeHead(204, versionHeaders(req));
      res.end();
      return;
    }
    const admin = await adminUsers(deps, req, res, path, url);
    if (admin === 'sent') return;
    if (admin !== null) {
      sendJson(res, 200, admin, versionHeaders(req));
      return;
    }
    const route = ROUTES[`${method} ${path}`];
    if (!route) throw notFound('not_found', 'Not Found');
    sendJson(res, 200, await route(deps, req, url), versionHeaders(req));
  }

  return {
    async handle(req, res, subpath, url) {
      try {
        await dispatch(req, res, subpath, url);
      } catch (e) {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (e instanceof AuthError || e instanceof OAuthError) {
          sendAuthError(req, res, e);
          return;
        }
        ctx.log.error(`${req.method} /auth/v1${subpath} failed`, e);
        sendAuthError(req, res, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
      }
    },
  };
}
