/** Texts of the admin login and guard, kept once for the screens and their tests. */
export const VERIFYING_ACCESS = 'Verifying access...';
export const VERIFYING_LOGIN = 'Verifying your authentication status...';
export const ALREADY_LOGGED_IN = 'Already logged in';
export const CONTACT_ADMIN_NOTE = 'Please contact the administrator if you need access.';
export const AUTH_REQUIRED = { title: 'Authentication required', description: 'Please log in to access the admin area.' };
export const AUTH_ERROR = { title: 'Authentication error', description: 'There was a problem checking your login status.' };
export const LOGIN_PATH = '/admin/login2';
export const DASHBOARD_PATH = '/admin';
/** The pause before moving on after a login, so the confirmation can be read. */
export const REDIRECT_DELAY_MS = 500;
