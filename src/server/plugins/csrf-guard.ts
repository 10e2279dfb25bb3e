import type { FastifyInstance, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sid';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Called by Stripe's servers, which never hold our cookie and are checked by signature. */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook']);

function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * CONTRACT §2: a state-changing call that carries a session cookie but no `X-Client-Source`
 * header is refused. Browsers do not let another site set custom headers on a credentialed
 * cross-site request without a CORS preflight we never grant, so the header proves the call
 * came from our own pages.
 */
function isForgeable(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  if (EXEMPT_PATHS.has(request.url.split('?')[0] ?? '')) return false;
  return carriesSessionCookie(request.headers.cookie) && !request.headers['x-client-source'];
}

export function registerCsrfGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isForgeable(request)) return done();
    // Answering from a callback hook: send, and do not call done().
    void reply.status(403).send({ message: 'This request must come from the site itself.', code: 'csrf_rejected' });
  });
}
