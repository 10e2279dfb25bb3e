/** Public entry of the admin-auth feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { normaliseEmail } from './admin-auth.service';
export { ADMIN_USER_ENTITY } from './login-throttle';
export { hashPassword } from './passwords';
export { openSecret, sealSecret } from './secret-box';
