import { participantLinkFor } from '../../src/features/participant/server/participant-access';
import { clientHeaders, sessionCookieFrom, TEST_SECRET, type TestApp } from './test-app';

/**
 * Opens the participant link e-mailed to `email`, as the participant would, and answers headers
 * carrying the session it starts (with the client headers), for the participant's calls.
 */
export async function participantHeaders(app: TestApp, email: string): Promise<Record<string, string>> {
  const link = new URL(participantLinkFor(TEST_SECRET, 'http://test.local', email));
  const opened = await app.inject({ url: `${link.pathname}${link.search}`, headers: { accept: 'text/html' } });
  const cookie = sessionCookieFrom(opened);
  if (!cookie) throw new Error(`no participant session for ${email}: ${opened.statusCode}`);
  return { ...clientHeaders, cookie };
}
