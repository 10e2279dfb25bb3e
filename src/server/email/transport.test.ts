import { describe, expect, it } from 'vitest';
import { smtpTransportFromUrl } from './transport';

describe('smtpTransportFromUrl', () => {
  it('describes where mail goes without the credentials', () => {
    expect(smtpTransportFromUrl('smtp://user:secret@mail.example.com:2525').describe()).toBe('smtp://mail.example.com:2525');
  });

  it('names the default ports', () => {
    expect(smtpTransportFromUrl('smtp://mail.example.com').describe()).toBe('smtp://mail.example.com:587');
    expect(smtpTransportFromUrl('smtps://mail.example.com').describe()).toBe('smtps://mail.example.com:465');
  });

  it('refuses a URL that is not SMTP', () => {
    expect(() => smtpTransportFromUrl('http://mail.example.com')).toThrow('must start with smtp:// or smtps://');
  });
});
