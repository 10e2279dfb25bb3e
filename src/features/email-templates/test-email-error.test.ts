import { describe, expect, it } from 'vitest';
import { classifyTestEmailError } from './test-email-error';

describe('classifyTestEmailError (spec §8 test email)', () => {
  it.each([
    ['Maximum credits exceeded', 'SendGrid Error'],
    ['550 5.7.1 Daily sending limit reached for this account', 'SendGrid Error'],
    ['Authentication failed: Invalid login: 535 Invalid username or password', 'Authentication Error'],
    ['Mail server unreachable (unable to connect): connect ECONNREFUSED 127.0.0.1:25', 'Connection Error'],
    ['Unable to connect to smtp.example.com', 'Connection Error'],
  ])('%s → %s', (message, title) => {
    expect(classifyTestEmailError(message).title).toBe(title);
  });

  it('says what each class means', () => {
    expect(classifyTestEmailError('Maximum credits exceeded').description).toMatch(/sending limit/);
    expect(classifyTestEmailError('Authentication failed').description).toMatch(/credentials in the admin settings/);
    expect(classifyTestEmailError('unable to connect').description).toMatch(/network and the mail server settings/);
  });

  it('passes anything else through, or says Unknown error', () => {
    expect(classifyTestEmailError('Message rejected: spam')).toEqual({ title: 'Error sending email', description: 'Message rejected: spam' });
    expect(classifyTestEmailError('')).toEqual({ title: 'Error sending email', description: 'Unknown error' });
    expect(classifyTestEmailError(undefined)).toEqual({ title: 'Error sending email', description: 'Unknown error' });
  });

  it('checks the credit limit before the login, as the spec lists them', () => {
    expect(classifyTestEmailError('Authentication failed: Maximum credits exceeded').title).toBe('SendGrid Error');
  });
});
