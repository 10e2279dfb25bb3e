import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCsrfGuard, SESSION_COOKIE } from './csrf-guard';

/**
 * CONTRACT §2: 'A state-changing call (POST, PUT, PATCH, DELETE) that carries a session cookie
 * but no `X-Client-Source` header is refused with 403 (CSRF guard). The Stripe webhook is exempt.'
 * Errors are `{"message": "...", "code": "..."}`.
 */
const session = `${SESSION_COOKIE}=s3ss10n`;
const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

// A fresh app per call (a few milliseconds): a guard that fails to register fails every test
// itself, rather than a shared beforeAll that would leave the tests unrun.
async function appWithGuard(): Promise<FastifyInstance> {
  const app = Fastify();
  registerCsrfGuard(app);
  app.all('/*', async () => ({ ok: true }));
  await app.ready();
  return app;
}

async function call(method: string, url: string, headers: Record<string, string>) {
  const app = await appWithGuard();
  try {
    return await app.inject({ method: method as 'POST', url, headers });
  } finally {
    await app.close();
  }
}

describe('a state-changing call with a session cookie', () => {
  it.each(STATE_CHANGING)('%s without X-Client-Source is refused with 403 and a JSON message', async (method) => {
    const response = await call(method, '/api/participant/cancel-booking/1', { cookie: session });
    expect(response.statusCode).toBe(403);
    const body = response.json() as { message?: unknown };
    expect(typeof body.message).toBe('string');
    expect(body.message).not.toBe('');
  });

  it.each(STATE_CHANGING)('%s with X-Client-Source goes through', async (method) => {
    const response = await call(method, '/api/participant/cancel-booking/1', { cookie: session, 'x-client-source': 'web' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['after other cookies', `theme=dark; lang=en; ${session}`],
    ['after another cookie, without a space', `theme=dark;${session}`],
    ['between other cookies', `theme=dark; ${session}; lang=en`],
  ])('is refused when the session cookie comes %s', async (_where, cookie) => {
    const response = await call('POST', '/api/admin/workshop-dates', { cookie });
    expect(response.statusCode).toBe(403);
  });
});

describe('calls the guard lets through', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('%s with a session cookie and no X-Client-Source (not state-changing)', async (method) => {
    const response = await call(method, '/api/admin/workshop-dates', { cookie: session });
    expect(response.statusCode).toBe(200);
  });

  it.each(STATE_CHANGING)('%s without any cookie', async (method) => {
    const response = await call(method, '/api/contact', {});
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['other cookies only', 'theme=dark; lang=en'],
    ['a cookie whose name only ends like the session cookie', `x${session}`],
    ['a cookie whose value mentions the session cookie', `note=${session}`],
  ])('POST with %s', async (_what, cookie) => {
    const response = await call('POST', '/api/contact', { cookie });
    expect(response.statusCode).toBe(200);
  });

  it.each(['/api/stripe/webhook', '/api/stripe/webhook?source=stripe'])('the Stripe webhook %s, even with a session cookie', async (url) => {
    const response = await call('POST', url, { cookie: session });
    expect(response.statusCode).toBe(200);
  });

  it('only the webhook itself is exempt, not a path beside it', async () => {
    const response = await call('POST', '/api/stripe/webhooks', { cookie: session });
    expect(response.statusCode).toBe(403);
  });
});
