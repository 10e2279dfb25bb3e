/**
 * The toast for a test e-mail that failed: the mail server's message
 * sorted into the few causes an admin can act on.
 */

export type TestEmailErrorToast = { title: string; description: string };

export const SENDGRID_ERROR = 'SendGrid Error';
export const AUTHENTICATION_ERROR = 'Authentication Error';
export const CONNECTION_ERROR = 'Connection Error';
export const SEND_ERROR = 'Error sending email';

export function classifyTestEmailError(message: string | null | undefined): TestEmailErrorToast {
  const text = (message ?? '').trim();
  const lower = text.toLowerCase();
  if (lower.includes('maximum credits exceeded') || lower.includes('sending limit')) {
    return {
      title: SENDGRID_ERROR,
      description: 'The email account has reached its sending limit. Upgrade the plan or wait for the quota to reset.',
    };
  }
  if (lower.includes('authentication failed')) {
    return { title: AUTHENTICATION_ERROR, description: 'Check the API key and credentials in the admin settings.' };
  }
  if (lower.includes('unable to connect')) {
    return { title: CONNECTION_ERROR, description: 'Check the network and the mail server settings.' };
  }
  return { title: SEND_ERROR, description: text || 'Unknown error' };
}
