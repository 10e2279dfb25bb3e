import { z } from 'zod';
import { safeString } from '../../common/safe-text';

/** Texts of the admin login and of the second step, kept once. */
export const LOGIN_MISSING_FIELDS = 'Please enter both email and password.';
export const LOGIN_FAILED = 'Please check your credentials and try again.';
export const LOGIN_SUCCESSFUL = 'Login successful!';
export const LOGIN_THROTTLED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const TOTP_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const TOTP_CODE_WRONG = 'That code is not right. Check your authenticator app and try again.';
export const SECOND_STEP_EXPIRED = 'Your sign-in has expired. Please enter your email and password again.';

/** POST /api/auth/login2. Lengths are capped so nobody can make the server hash a megabyte. */
export const loginSchema = z.object(
  {
    email: safeString('Email', { error: LOGIN_MISSING_FIELDS }).trim().min(1, LOGIN_MISSING_FIELDS).max(254, LOGIN_FAILED),
    password: safeString('Password', { error: LOGIN_MISSING_FIELDS }).min(1, LOGIN_MISSING_FIELDS).max(1000, LOGIN_FAILED),
  },
  { error: LOGIN_MISSING_FIELDS },
);
export type LoginInput = z.infer<typeof loginSchema>;

/** A 6-digit authenticator code; spaces are allowed because apps show '123 456'. */
export const totpCodeSchema = z.object(
  {
    code: safeString('Code', { error: TOTP_CODE_REQUIRED })
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_REQUIRED)),
  },
  { error: TOTP_CODE_REQUIRED },
);
export type TotpCodeInput = z.infer<typeof totpCodeSchema>;

/**
 * Every answer of the login calls. `sessionId` is a public label of the session, never the
 * cookie's secret; `requiresTotp` asks for the second step.
 */
export const loginResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  sessionId: z.string().optional(),
  requiresTotp: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const authUserSchema = z.object({ id: z.number(), email: z.string(), isAdmin: z.boolean() });
export type AuthUser = z.infer<typeof authUserSchema>;

/** GET /api/auth/user. */
export const authStatusSchema = z.object({ authenticated: z.boolean(), user: authUserSchema.nullable() });
export type AuthStatus = z.infer<typeof authStatusSchema>;

export const logoutResponseSchema = z.object({ success: z.literal(true) });

/** GET /api/admin/totp. */
export const totpStatusSchema = z.object({ enabled: z.boolean() });
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** POST /api/admin/totp/setup: what the authenticator app needs, shown once. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST /api/admin/totp/enable and /disable. */
export const totpChangeSchema = z.object({ success: z.literal(true), enabled: z.boolean() });
