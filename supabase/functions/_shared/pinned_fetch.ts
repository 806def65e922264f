/**
 * One request sent over a connection to an address the guard checked (net_guard.ts), never to what
 * the URL's name resolves to by then: the name stays the Host header and, over https, the TLS server
 * name the certificate is verified against. node:http(s) is the runtime's only client that allows it
 * (their `lookup` option); fetch's Deno.createHttpClient proxies cannot, as they do not speak TLS to
 * the origin.
 */
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';

function isIpLiteral(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
}

/** The request body as bytes: the callers send text or bytes, never a stream. */
async function bodyBytes(body: BodyInit | null | undefined): Promise<Uint8Array | null> {
  if (body === null || body === undefined) return null;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

function responseHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}

/** Redirects are not followed (the caller checks each one); the init's signal aborts with its reason. */
export async function pinnedFetch(url: URL, init: RequestInit, address: string, caCerts?: readonly string[]): Promise<Response> {
  const body = await bodyBytes(init.body);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  if (body && headers['content-length'] === undefined) headers['content-length'] = String(body.byteLength);
  const family = address.includes(':') ? 6 : 4;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const https = url.protocol === 'https:';
  const method = init.method ?? 'GET';
  const options: RequestOptions & { servername?: string; ca?: string[] } = {
    method,
    host,
    port: url.port ? Number(url.port) : https ? 443 : 80,
    path: `${url.pathname}${url.search}`,
    headers,
    signal: init.signal ?? undefined,
    // The one address the guard checked, whatever the name resolves to by now.
    lookup: ((_name: string, opts: { all?: boolean } | undefined, callback: (...args: unknown[]) => void) => {
      if (opts?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    }) as RequestOptions['lookup'],
  };
  if (https) {
    if (!isIpLiteral(host)) options.servername = host;
    if (caCerts && caCerts.length > 0) options.ca = [...caCerts];
  }
  const send = https ? httpsRequest : httpRequest;
  return await new Promise<Response>((resolve, reject) => {
    const req = send(options, (res) => {
      const status = res.statusCode ?? 502;
      const empty = status === 204 || status === 205 || status === 304 || method === 'HEAD';
      if (empty) res.resume();
      const stream = empty ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
      resolve(new Response(stream, { status, statusText: res.statusMessage ?? '', headers: responseHeaders(res) }));
    });
    req.on('error', (error) => reject(init.signal?.aborted ? init.signal.reason : error));
    if (body) req.write(body);
    req.end();
  });
}
