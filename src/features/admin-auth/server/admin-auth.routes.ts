import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { adminOf, endSession, getSession, PENDING_SECOND_FACTOR_TTL_MS, requireAdmin, startSession } from '../../../server/plugins/auth';
import {
  authStatusSchema,
  LOGIN_FAILED,
  LOGIN_SUCCESSFUL,
  LOGIN_THROTTLED,
  loginResponseSchema,
  loginSchema,
  logoutResponseSchema,
  SECOND_STEP_EXPIRED,
  TOTP_CODE_REQUIRED,
  TOTP_CODE_WRONG,
  totpChangeSchema,
  totpCodeSchema,
  totpSetupSchema,
  totpStatusSchema,
} from '../admin-auth.schema';
import {
  checkPassword,
  checkSecondFactor,
  disableTotp,
  enableTotp,
  getTotpStatus,
  recordLogout,
  startTotpSetup,
  type AuthDeps,
} from './admin-auth.service';
import { LOGIN_FAILURE_WINDOW_MS } from './login-throttle';

const loginAnswers = { 200: loginResponseSchema, 401: loginResponseSchema, 429: loginResponseSchema };
const RETRY_AFTER_SECONDS = String(LOGIN_FAILURE_WINDOW_MS / 1000);

/** Signing out writes to the database (the session, the audit log): generous, but not unlimited. */
const SIGN_OUT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/**
 * Admin sign-in: /api/auth/login2, its TOTP second step, /api/auth/user and
 * /api/auth/logout, plus the admin's own TOTP settings under /api/admin/totp (guarded by the
 * auth plugin before the body is read; requireAdmin here only names the admin).
 */
export async function adminAuthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const authDeps: AuthDeps = { db: deps.db, secret: deps.secret, totpIssuer: new URL(deps.env.PUBLIC_URL).host };

  routes.post('/api/auth/login2', { schema: { body: loginSchema, response: loginAnswers } }, async (request, reply) => {
    const outcome = await checkPassword(deps.db, { ...request.body, ip: request.ip });
    switch (outcome.kind) {
      case 'throttled':
        return reply.status(429).header('Retry-After', RETRY_AFTER_SECONDS).send({ success: false, message: LOGIN_THROTTLED });
      case 'invalid':
        return reply.status(401).send({ success: false, message: LOGIN_FAILED });
      case 'second-factor':
        // A pending session: it names the admin for the second step but opens nothing.
        await startSession(request, reply, { kind: 'admin', adminUserId: outcome.admin.id, pendingSecondFactor: true, ttlMs: PENDING_SECOND_FACTOR_TTL_MS });
        return { success: false, requiresTotp: true, message: TOTP_CODE_REQUIRED };
      case 'signed-in': {
        const session = await startSession(request, reply, { kind: 'admin', adminUserId: outcome.admin.id });
        return { success: true, message: LOGIN_SUCCESSFUL, sessionId: session.publicId };
      }
    }
  });

  routes.post('/api/auth/login2/totp', { schema: { body: totpCodeSchema, response: loginAnswers } }, async (request, reply) => {
    const session = await getSession(request);
    if (!session?.pendingSecondFactor || !session.adminUserId) return reply.status(401).send({ success: false, message: SECOND_STEP_EXPIRED });
    const outcome = await checkSecondFactor(authDeps, { adminUserId: session.adminUserId, code: request.body.code, ip: request.ip });
    switch (outcome.kind) {
      case 'throttled':
        return reply.status(429).header('Retry-After', RETRY_AFTER_SECONDS).send({ success: false, message: LOGIN_THROTTLED });
      case 'invalid':
        return reply.status(401).send({ success: false, requiresTotp: true, message: TOTP_CODE_WRONG });
      case 'signed-in': {
        // The pending session is replaced by a new id, like any login.
        const signedIn = await startSession(request, reply, { kind: 'admin', adminUserId: outcome.admin.id });
        return { success: true, message: LOGIN_SUCCESSFUL, sessionId: signedIn.publicId };
      }
    }
  });

  routes.get('/api/auth/user', { schema: { response: { 200: authStatusSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const admin = adminOf(await getSession(request));
    return { authenticated: admin !== null, user: admin };
  });

  routes.post('/api/auth/logout', { config: { rateLimit: SIGN_OUT_RATE_LIMIT }, schema: { response: { 200: logoutResponseSchema } } }, async (request, reply) => {
    const admin = adminOf(await getSession(request));
    await endSession(request, reply);
    if (admin) await recordLogout(deps.db, admin, request.ip);
    return { success: true as const };
  });

  routes.get('/api/admin/totp', { schema: { response: { 200: totpStatusSchema } } }, async (request) =>
    getTotpStatus(deps.db, await requireAdmin(request)),
  );

  routes.post('/api/admin/totp/setup', { schema: { response: { 200: totpSetupSchema } } }, async (request) =>
    startTotpSetup(authDeps, await requireAdmin(request), request.ip),
  );

  routes.post('/api/admin/totp/enable', { schema: { body: totpCodeSchema, response: { 200: totpChangeSchema } } }, async (request) => {
    await enableTotp(authDeps, await requireAdmin(request), { code: request.body.code, ip: request.ip });
    return { success: true as const, enabled: true };
  });

  routes.post('/api/admin/totp/disable', { schema: { body: totpCodeSchema, response: { 200: totpChangeSchema } } }, async (request) => {
    await disableTotp(authDeps, await requireAdmin(request), { code: request.body.code, ip: request.ip });
    return { success: true as const, enabled: false };
  });
}
