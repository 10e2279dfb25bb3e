import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { rowIdField } from '../../common/schema-kit';
import { emailField } from '../booking';

/** Admin users: who may sign in to /admin. The one source of messages and types. */

export const PASSWORD_TOO_SHORT = 'Password must be at least 12 characters';
export const PASSWORD_TOO_LONG = 'Password must be 1000 characters or less';
export const ADMIN_EMAIL_TAKEN = 'An admin with this email already exists';
export const LAST_ADMIN = 'You cannot remove the last admin';
export const ADMIN_NOT_FOUND = 'Admin not found';

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** POST /api/admin/admin-users, and the Add Admin form. The password is never trimmed. */
export const createAdminUserSchema = z.object({
  email: emailField,
  password: safeString('Password', { error: PASSWORD_TOO_SHORT })
    .min(MIN_ADMIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .max(1000, PASSWORD_TOO_LONG),
});
export type CreateAdminUserInput = z.infer<typeof createAdminUserSchema>;

/** One admin in answers: never the password hash or the TOTP secret. */
export const adminUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  isAdmin: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.array(adminUserSchema);

export const adminUserIdParamsSchema = z.object({ id: rowIdField(ADMIN_NOT_FOUND) });

/** The admin-user routes' schemas, by operation (an admin is added and removed, not edited). */
export const adminUserApiSchemas = { idParams: adminUserIdParamsSchema, item: adminUserSchema, list: adminUserListSchema, create: createAdminUserSchema };
