import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../server/email/html-to-text';
import { fillMessage, messageFiller } from './fill-message';

const values = {
  firstName: 'Ada & <Bob>',
  lastName: 'Lovelace',
  workshopTitle: 'Prototype Lab',
  workshopDate: 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT',
  zoomLink: 'https://zoom.us/j/1?pwd=a&b=c',
  zoomMeetingId: '111 222',
  zoomPassword: 'owl',
  participantLink: 'http://test.local/participant?token=sealed-token-abc123',
};

describe('messageFiller', () => {
  it.each([
    ['placeholders in text, links and next to letters', '<p>Hi {{firstName}}s, {{lastName}}!</p><p><a href="{{zoomLink}}">{{zoomLink}}</a> · <a href="{{participantLink}}">Your booking</a></p><ul><li>{{workshopDate}}</li><li>ID {{zoomMeetingId}}/{{zoomPassword}}</li></ul>'],
    ['a table and a heading', '<h2>{{workshopTitle}}</h2><table><tr><td>When</td><td>{{workshopDate}}</td></tr></table>'],
  ])('gives each person the same e-mail as filling it alone: %s', (_name, html) => {
    const message = { subject: 'For {{firstName}}', html };
    const alone = fillMessage(message, values, 'Vibe Coding Workshop');
    const together = messageFiller(message, 'Vibe Coding Workshop')(values);
    expect(together).toEqual(alone);
  });

  it('puts the values into the text as typed, not escaped', () => {
    expect(messageFiller({ subject: 'x', html: '<p>Hi {{firstName}}</p>' }, 'Vibe Coding Workshop')(values).text).toBe('Hi Ada & <Bob>');
  });

  it('leaves an empty value empty in the text', () => {
    const message = { subject: 'x', html: '<p>Link: {{zoomLink}}.</p>' };
    expect(messageFiller(message, 'Vibe Coding Workshop')({ ...values, zoomLink: '' }).text).toBe(htmlToText('<p>Link: .</p>'));
  });
});
