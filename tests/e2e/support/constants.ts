/**
 * Values shared by playwright.config.ts (which starts the server) and the specs (which use them).
 * Kept free of Playwright imports so the config can load it cheaply.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The e2e mail sink's SMTP port, beside the app's. */
export const E2E_SMTP_PORT = E2E_PORT + 1;

/** The server creates this admin at start (CONTRACT §1 ADMIN_EMAIL/ADMIN_PASSWORD). Tests use it to
 * check server-side effects (contact messages) and to learn what the public API must hide. */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password-0123';
