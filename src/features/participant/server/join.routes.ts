import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/deps';
import { DOCUMENT_HEADERS } from '../../../server/plugins/security-headers';
import { JOIN_PATH_PREFIX } from './join-link';
import { joinRefusalPage } from './join-page';
import { openJoinLink } from './open-join-link';

/** A whole team behind one office address may click at the start: generous, but not unlimited. */
const JOIN_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };
/** Longer than any token we sign; anything longer is not ours. */
const MAX_TOKEN_LENGTH = 512;

/**
 * GET /join/{token}: a page route, not an API call (docs/decisions/020-roster-and-join-links.md).
 * It answers a redirect to the date's meeting link as it is now, or a small page saying why not.
 * Nothing here may be cached: the link and the seat change.
 */
export async function joinRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { token: string } }>(`${JOIN_PATH_PREFIX}:token`, { config: { rateLimit: JOIN_RATE_LIMIT } }, async (request, reply) => {
    const token = request.params.token;
    const now = deps.clock?.() ?? new Date();
    const outcome = token.length > MAX_TOKEN_LENGTH ? ({ kind: 'invalid' } as const) : await openJoinLink(deps.db, deps.secret, token, now);
    // The token stays ours: the meeting's site is not told which address sent the visitor.
    const noTrace = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' };
    if (outcome.kind === 'redirect') return reply.headers(noTrace).redirect(outcome.url, 302);
    const page = joinRefusalPage(outcome);
    return reply.headers(DOCUMENT_HEADERS).headers(noTrace).status(page.status).type('text/html; charset=utf-8').send(page.html);
  });
}
