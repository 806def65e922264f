import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS';

/** Supabase's gateway answers CORS for every API: any origin, the headers the client asks for. */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-allow-credentials', 'true');
  res.setHeader(
    'access-control-expose-headers',
    'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit, X-Total-Count, x-supabase-api-version',
  );
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  applyCors(req, res);
  res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-upsert',
  );
  res.setHeader('access-control-max-age', '3600');
  res.writeHead(204);
  res.end();
}
