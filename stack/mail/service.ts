import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sendText } from '../http/respond.ts';
import type { StackContext, StackService } from '../http/service.ts';
import { clearMail, listMail } from './mailbox.ts';
import { renderMailboxPage } from './page.ts';

/** /mail: the local mailbox page and its JSON API (the stack's Inbucket/Mailpit). */
export function createMailService(ctx: StackContext): StackService {
  return {
    async handle(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<void> {
      const to = url.searchParams.get('to') || null;
      const method = req.method ?? 'GET';
      if (subpath === '/' && (method === 'GET' || method === 'HEAD')) {
        const html = renderMailboxPage(await listMail(ctx.db, to), to);
        res.setHeader('cache-control', 'no-store');
        sendText(res, 200, method === 'HEAD' ? '' : html, 'text/html; charset=utf-8');
        return;
      }
      if (subpath === '/api/messages' || subpath === '/api/messages/') {
        if (method === 'GET') {
          sendJson(res, 200, await listMail(ctx.db, to));
          return;
        }
        if (method === 'DELETE') {
          sendJson(res, 200, { deleted: await clearMail(ctx.db, to) });
          return;
        }
        res.setHeader('allow', 'GET, DELETE');
        sendJson(res, 405, { message: 'Method not allowed' });
        return;
      }
      sendJson(res, 404, { message: 'Not found' });
    },
  };
}
