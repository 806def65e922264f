import type { StackContext } from '../http/service.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SessionService } from './sessions.ts';
import type { AuthSettings } from './settings.ts';

/** Everything a GoTrue handler needs, built once per stack. */
export interface AuthDeps {
  ctx: StackContext;
  settings: AuthSettings;
  sessions: SessionService;
  mailer: Mailer;
  limits: { signInSignUps: RateLimiter; tokenRefresh: RateLimiter; verifications: RateLimiter };
  /** GoTrue's JWT audience for new users (GOTRUE_JWT_AUD). */
  aud: string;
}
