import type { FastifyInstance } from 'fastify';

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
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (EXEMPT_PATHS.has(path)) return;
    if (!carriesSessionCookie(request.headers.cookie)) return;
    if (request.headers['x-client-source']) return;
    return reply.status(403).send({ message: 'This request must come from the site itself.', code: 'csrf_rejected' });
  });
}
