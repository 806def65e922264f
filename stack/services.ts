import { createAuthService } from './auth/service.ts';
import { createFunctionsService } from './functions/service.ts';
import type { ServiceMount } from './http/service.ts';
import { createMailService } from './mail/service.ts';
import { createRealtimeService } from './realtime/service.ts';
import { createRestService } from './rest/service.ts';
import { createStorageService } from './storage/service.ts';

/** Every API the stack serves, by Supabase's path. */
export const SERVICE_MOUNTS: ServiceMount[] = [
  { prefix: '/rest/v1', gateway: 'apikey', gatewayCors: true, create: createRestService },
  { prefix: '/auth/v1', gateway: 'apikey', openPaths: [/^\/verify/, /^\/callback/, /^\/authorize/], gatewayCors: true, create: (ctx) => createAuthService(ctx) },
  { prefix: '/mail', gateway: 'open', gatewayCors: true, create: (ctx) => createMailService(ctx) },
  { prefix: '/functions/v1', gateway: 'open', gatewayCors: false, create: (ctx) => createFunctionsService(ctx) },
  { prefix: '/storage/v1', gateway: 'open', gatewayCors: true, create: (ctx) => createStorageService(ctx) },
  { prefix: '/realtime/v1', gateway: 'apikey', gatewayCors: true, create: createRealtimeService },
];
