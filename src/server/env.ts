import { isIP } from 'node:net';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
  .transform((value) => value === '1' || value === 'true');

/** Names proxy-addr (Fastify's trustProxy) understands for whole address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which hops in front of the app may say who the client is through
 * X-Forwarded-For (and -Proto, -Host). Unset: none; the socket address is the client, because a
 * header anyone can send must not choose the address the rate limits and sign-in throttle count.
 * A number trusts that many hops; otherwise a comma-separated list of addresses or CIDRs.
 */
const trustProxy = z
  .string()
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.some((entry) => !isAddressOrRange(entry))) {
      ctx.addIssue({ code: 'custom', message: 'must be a number of proxy hops or a comma-separated list of IP addresses or CIDRs' });
      return z.NEVER;
    }
    return entries;
  })
  .optional()
  .transform((value) => value ?? false);

const POOL_SIZE = 'must be a whole number from 1 to 1000';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
    /** Connections each instance's pool may open to DATABASE_URL. */
    DATABASE_POOL_SIZE: z.coerce.number({ error: POOL_SIZE }).int(POOL_SIZE).min(1, POOL_SIZE).max(1000, POOL_SIZE).default(10),
    DATA_DIR: z.string().min(1).default('./data'),
    SEED_DEMO: booleanFlag.optional(),
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PUBLIC_URL: z.url('must be a URL').optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Tests only: where the Stripe SDK sends its requests (a local double of the API). */
    STRIPE_API_BASE: z.url('must be a URL').optional(),
    /** Tests only: where Microsoft identity (token) and Graph (sendMail) requests go (a local double). */
    MS_LOGIN_BASE_URL: z.url('must be a URL').optional(),
    MS_GRAPH_BASE_URL: z.url('must be a URL').optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
    TRUST_PROXY: trustProxy,
    /** When set, GET /metrics answers to `Authorization: Bearer <token>`; unset, it does not exist. */
    METRICS_TOKEN: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'is required when NODE_ENV=production' });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Reads the environment once at start-up; fails with every bad field listed. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
