import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
  .transform((value) => value === '1' || value === 'true');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
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
