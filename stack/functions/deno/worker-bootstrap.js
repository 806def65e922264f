// Runs inside Deno (plain JS so that Node's tsc never sees Deno globals). It plays the part of
// Supabase's edge runtime for one function: the user's module calls Deno.serve (or exports
// default { fetch }) as it would on Supabase; the handler it registers is captured here and
// served on a private unix socket that the stack proxies to.
//
// Usage: deno run ... worker-bootstrap.js <entrypoint file URL> <socket path> <ready marker>

const [entrypoint, socketPath, readyMarker] = Deno.args;
if (!entrypoint || !socketPath || !readyMarker) {
  console.error('worker-bootstrap: expected <entrypoint> <socket path> <ready marker>');
  Deno.exit(2);
}

// The stack holds our stdin open for as long as it lives: end of input means the stack is gone
// (even killed without a chance to clean up), and a worker must not outlive it.
(async () => {
  const input = Deno.stdin.readable.getReader();
  try {
    while (!(await input.read()).done);
  } finally {
    Deno.exit(0);
  }
})();

// The stack turns a response carrying this header into Supabase's WORKER_ERROR body.
const WORKER_ERROR_HEADER = 'x-stack-worker-error';

const realServe = Deno.serve.bind(Deno);
let captured = null;

function captureServe(...args) {
  let options = {};
  let handler;
  if (typeof args[0] === 'function') {
    handler = args[0];
  } else {
    options = args[0] ?? {};
    handler = typeof args[1] === 'function' ? args[1] : options.handler;
  }
  if (typeof handler !== 'function') throw new TypeError('Deno.serve: a handler function is required');
  if (captured) {
    console.error('worker-bootstrap: Deno.serve was called more than once; the first handler serves requests');
  } else {
    captured = { handler, onError: typeof options.onError === 'function' ? options.onError : undefined };
  }
  // What Deno.serve returns; the function never owns a real listener on Supabase either.
  const finished = new Promise(() => {});
  return {
    finished,
    addr: { transport: 'tcp', hostname: '0.0.0.0', port: 8000 },
    ref() {},
    unref() {},
    shutdown: () => Promise.resolve(),
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
}

Object.defineProperty(Deno, 'serve', { value: captureServe, configurable: true, writable: true });

let mod;
try {
  mod = await import(entrypoint);
} catch (e) {
  console.error(e);
  Deno.exit(1);
}

if (!captured && mod?.default && typeof mod.default.fetch === 'function') {
  const target = mod.default;
  captured = { handler: (req, info) => target.fetch(req, info), onError: undefined };
}
if (!captured) {
  console.error(`worker-bootstrap: ${entrypoint} neither called Deno.serve nor exported default { fetch }`);
  Deno.exit(1);
}

function workerError() {
  return new Response(null, { status: 500, headers: { [WORKER_ERROR_HEADER]: 'handler' } });
}

function clientAddr(req) {
  const forwarded = req.headers.get('x-forwarded-for');
  const hostname = forwarded ? forwarded.split(',')[0].trim() : '127.0.0.1';
  return { transport: 'tcp', hostname, port: 0 };
}

async function serveOne(req, info) {
  const { handler, onError } = captured;
  try {
    const res = await handler(req, { ...info, remoteAddr: clientAddr(req) });
    if (res instanceof Response) return res;
    console.error('worker-bootstrap: the handler did not return a Response');
    return workerError();
  } catch (e) {
    if (onError) {
      try {
        const res = await onError(e);
        if (res instanceof Response) return res;
      } catch (inner) {
        console.error(inner);
      }
    } else {
      console.error(e);
    }
    return workerError();
  }
}

realServe(
  {
    path: socketPath,
    transport: 'unix',
    onListen() {
      Deno.stdout.writeSync(new TextEncoder().encode(`\n${readyMarker}\n`));
    },
  },
  serveOne,
);
