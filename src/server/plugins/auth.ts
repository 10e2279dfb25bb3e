import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { adminUsers, sessions } from '../db/schema';
import { SESSION_COOKIE } from './csrf-guard';
import { HttpError } from './error-handler';

/**
 * Sessions kept in the database (so every instance behind a load balancer sees the same ones)
 * and the admin guard of CONTRACT §2.
 *
 * The browser holds a random 256-bit token in the `sid` cookie; the table stores only its
 * SHA-256, so a leaked table or backup does not hand out sessions. A request without the cookie
 * never touches the database, which keeps public reads as cheap as before.
 */

/** Idle limit of an admin session: each use slides the expiry (spec issue: 12 hours idle). */
export const ADMIN_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** A login waiting for its authenticator code: long enough to open the app, short enough to go stale. */
export const PENDING_SECOND_FACTOR_TTL_MS = 5 * 60 * 1000;
/** Sliding the expiry writes a row; once a minute is precise enough for a 12-hour idle limit. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const ADMIN_ACCESS_REQUIRED = 'Admin access required';

const TOKEN_BYTES = 32;
/** 32 bytes in base64url: anything else is not ours, and is refused without a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type SessionKind = (typeof sessions.$inferSelect)['kind'];

export type AdminIdentity = { id: number; email: string; isAdmin: boolean };

export type Session = {
  /** SHA-256 of the cookie token: the row's key. */
  idHash: string;
  /** A label safe to show or log; it cannot be turned back into the cookie. */
  publicId: string;
  kind: SessionKind;
  adminUserId: number | null;
  participantEmail: string | null;
  /** A password was right but the authenticator code is still owed: not an admin session yet. */
  pendingSecondFactor: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The admin user behind an 'admin' session (pending or not). */
  adminUser: (AdminIdentity & { totpEnabled: boolean }) | null;
};

export type NewSession = {
  kind: SessionKind;
  adminUserId?: number | null;
  participantEmail?: string | null;
  pendingSecondFactor?: boolean;
  /** Idle lifetime; each use slides the expiry by this much again. Defaults to 12 hours. */
  ttlMs?: number;
};

export type CreatedSession = { token: string; idHash: string; publicId: string; expiresAt: Date; ttlMs: number };

// ---------------------------------------------------------------- tokens and rows

export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The first 16 hex digits of the hash: identifies a session in answers and logs, reveals nothing. */
export function publicSessionId(idHash: string): string {
  return idHash.slice(0, 16);
}

/** Stores a new session under a fresh random token; the caller sets the cookie (or use startSession). */
export async function createSession(db: Database, input: NewSession, now = new Date()): Promise<CreatedSession> {
  const token = newSessionToken();
  const idHash = hashSessionToken(token);
  const ttlMs = input.ttlMs ?? (input.pendingSecondFactor ? PENDING_SECOND_FACTOR_TTL_MS : ADMIN_SESSION_IDLE_MS);
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(sessions).values({
    idHash,
    kind: input.kind,
    adminUserId: input.adminUserId ?? null,
    participantEmail: input.participantEmail ?? null,
    pendingSecondFactor: input.pendingSecondFactor ?? false,
    createdAt: now,
    // lastSeenAt + ttl = expiresAt: sliding keeps that gap, so each kind keeps its own idle limit.
    lastSeenAt: now,
    expiresAt,
  });
  return { token, idHash, publicId: publicSessionId(idHash), expiresAt, ttlMs };
}

/** Ends the session this token names, if any. */
export async function destroySession(db: Database, token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionToken(token)));
}

/** Ends every session of one admin (their password was reset). */
export async function destroyAdminSessions(db: Database, adminUserId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.adminUserId, adminUserId));
}

/** The unexpired session this token names, with its admin user; null otherwise. */
export async function findSession(db: Database, token: string, now = new Date()): Promise<Session | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      session: sessions,
      admin: { id: adminUsers.id, email: adminUsers.email, isAdmin: adminUsers.isAdmin, totpEnabled: adminUsers.totpEnabled },
    })
    .from(sessions)
    .leftJoin(adminUsers, eq(adminUsers.id, sessions.adminUserId))
    .where(and(eq(sessions.idHash, hashSessionToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { session, admin } = row;
  return {
    idHash: session.idHash,
    publicId: publicSessionId(session.idHash),
    kind: session.kind,
    adminUserId: session.adminUserId,
    participantEmail: session.participantEmail,
    pendingSecondFactor: session.pendingSecondFactor,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    expiresAt: session.expiresAt,
    adminUser: session.kind === 'admin' && admin ? admin : null,
  };
}

/** Removes expired rows; safe to run on several instances at once. Returns how many went. */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const deleted = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ idHash: sessions.idHash });
  return deleted.length;
}

/** The admin this session signs in, or null: a participant, a login owing its code, or no admin row. */
export function adminOf(session: Session | null): AdminIdentity | null {
  if (!session || session.kind !== 'admin' || session.pendingSecondFactor || !session.adminUser) return null;
  const { id, email, isAdmin } = session.adminUser;
  return { id, email, isAdmin };
}

// ---------------------------------------------------------------- cookies

/** HttpOnly, SameSite=Lax, whole site; Secure when the request came over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // request.protocol honours X-Forwarded-Proto only from a proxy TRUST_PROXY names.
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

export function readSessionToken(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token ? token : null;
}

// ---------------------------------------------------------------- per request

type RequestAuth = {
  db: Database;
  reply: FastifyReply;
  /** undefined: read the cookie; null: the session ended in this request; string: started in it. */
  token?: string | null;
  session?: Promise<Session | null>;
};

/**
 * What each request knows about its session, looked up at most once. It sits on the request under
 * a symbol only this file holds, declared once (decorateRequest), so every request has the same
 * shape. A WeakMap keyed by request did the same job, but tens of thousands of short-lived keys a
 * second made its garbage collection a sizeable part of a public read.
 */
const AUTH = Symbol('auth');
type RequestWithAuth = FastifyRequest & { [AUTH]: RequestAuth | null };

function contextOf(request: FastifyRequest): RequestAuth {
  const context = (request as RequestWithAuth)[AUTH];
  if (!context) throw new Error('registerAuth() must be registered before routes that read the session');
  return context;
}

async function loadSession(request: FastifyRequest, context: RequestAuth): Promise<Session | null> {
  const token = context.token === undefined ? readSessionToken(request) : context.token;
  if (!token) return null;
  const now = new Date();
  const session = await findSession(context.db, token, now);
  if (!session) {
    // A stale or forged cookie: drop it so the browser stops sending it (and stops tripping CSRF).
    if (context.token === undefined && !context.reply.sent) clearSessionCookie(request, context.reply);
    return null;
  }
  // Idle expiry slides with use; a login owing its code keeps its short fixed life.
  if (!session.pendingSecondFactor && now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    const ttlMs = session.expiresAt.getTime() - session.lastSeenAt.getTime();
    const expiresAt = new Date(now.getTime() + ttlMs);
    await context.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.idHash, session.idHash));
    // The cookie's Max-Age slides too, or the browser would drop an active session.
    if (!context.reply.sent) setSessionCookie(request, context.reply, token, ttlMs);
    return { ...session, lastSeenAt: now, expiresAt };
  }
  return session;
}

/** The current request's session (any kind), or null. Hits the database only when a cookie is present. */
export function getSession(request: FastifyRequest): Promise<Session | null> {
  const context = contextOf(request);
  context.session ??= loadSession(request, context);
  return context.session;
}

/** The signed-in admin, or null. For routes open to admins and others (participant calls). */
export async function getAdmin(request: FastifyRequest): Promise<AdminIdentity | null> {
  const admin = adminOf(await getSession(request));
  return admin?.isAdmin ? admin : null;
}

/** The signed-in admin; otherwise 401 without a session, 403 for a session that is not an admin's. */
export async function requireAdmin(request: FastifyRequest): Promise<AdminIdentity> {
  const session = await getSession(request);
  if (!session) throw new HttpError(401, AUTHENTICATION_REQUIRED);
  const admin = adminOf(session);
  if (!admin?.isAdmin) throw new HttpError(403, ADMIN_ACCESS_REQUIRED);
  return admin;
}

/**
 * Starts a session for this request: ends the one the browser presented (a session id chosen
 * before login must never become a signed-in one: session fixation), stores a new random one and
 * sets the cookie.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, input: NewSession): Promise<CreatedSession> {
  const context = contextOf(request);
  const previous = context.token === undefined ? readSessionToken(request) : context.token;
  if (previous) await destroySession(context.db, previous);
  const created = await createSession(context.db, input);
  setSessionCookie(request, reply, created.token, created.ttlMs);
  context.token = created.token;
  context.session = undefined;
  return created;
}

/** Ends the presented session, if any, and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const context = contextOf(request);
  const token = context.token === undefined ? readSessionToken(request) : context.token;
  if (token) await destroySession(context.db, token);
  clearSessionCookie(request, reply);
  context.token = null;
  context.session = Promise.resolve(null);
}

// ---------------------------------------------------------------- the guard

/** CONTRACT §2: the calls only an admin may make. */
export function isAdminPath(path: string): boolean {
  const p = path.toLowerCase();
  return (
    p === '/api/admin' ||
    p.startsWith('/api/admin/') ||
    p === '/api/debug' ||
    p.startsWith('/api/debug/') ||
    p.startsWith('/api/strategy-notes') ||
    p.startsWith('/api/workshop-templates')
  );
}

/** The path as the router may read it: percent-decoded, repeated slashes folded. */
function normalisedPath(url: string): string {
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  // Most paths hold neither an escape nor a doubled slash: nothing to undo.
  if (!raw.includes('%') && !raw.includes('//')) return raw;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Malformed escapes: judge the raw text; the router refuses such a path anyway.
  }
  return decoded.replace(/\/{2,}/g, '/');
}

function needsAdmin(request: FastifyRequest): boolean {
  // Both the matched route's pattern and the requested path: a spelling the router decodes
  // differently from us (e.g. /api/%61dmin/…) still lands on a guarded pattern.
  return isAdminPath(request.routeOptions.url ?? '') || isAdminPath(normalisedPath(request.url));
}

export type RouteSummary = { method: string; url: string };
const routesByApp = new WeakMap<FastifyInstance, RouteSummary[]>();

/** Every route registered after the auth plugin, so a test can prove each admin route is guarded. */
export function registeredRoutes(app: FastifyInstance): readonly RouteSummary[] {
  return routesByApp.get(app) ?? [];
}

/**
 * Registers the per-request session lookup and the admin guard. The guard is an onRequest hook:
 * it answers before the body is read, so an unauthenticated caller cannot make the server parse
 * (or store) anything. Register it after the cookie plugin and the CSRF guard, before any route.
 */
export function registerAuth(app: FastifyInstance, { db }: { db: Database }): void {
  const routes: RouteSummary[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  app.decorateRequest(AUTH, null);
  // A callback hook: public requests (most of them) finish it without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    (request as RequestWithAuth)[AUTH] = { db, reply };
    if (!needsAdmin(request)) return done();
    getSession(request).then(
      (session) => {
        // Answering from a callback hook: send, and do not call done().
        if (!session) void reply.status(401).send({ message: AUTHENTICATION_REQUIRED });
        else if (!adminOf(session)?.isAdmin) void reply.status(403).send({ message: ADMIN_ACCESS_REQUIRED });
        else done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}
