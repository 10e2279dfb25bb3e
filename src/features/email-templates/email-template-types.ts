/**
 * Every e-mail the product sends, as an editable template (spec §3 Email
 * template). Each type has a default subject and HTML content with `{{key}}` placeholders, the
 * keys it understands (shown in the editor) and sample values for test e-mails.
 *
 * Pure data, shared by the server (renderEmail, the debug API) and the editor. A type with no
 * saved row in `email_templates` uses its default here; saving one in the editor overrides it.
 *
 * Two kinds of keys:
 * - plain keys (names, titles, links): HTML-escaped when they are filled in, since most come
 *   from visitors;
 * - `html` keys: markup the product builds itself (a details table, the refund paragraph, the
 *   newsletter's sanitised content), inserted as it is.
 */

export const EMAIL_TEMPLATE_TYPES = [
  'booking-confirmation',
  'order-confirmation',
  'booking-moved',
  'booking-cancellation',
  'booking-reservation',
  'reservation-confirm',
  'booking-sold-out-refund',
  'payment-refunded',
  'reservation-reminder',
  'reservation-expired',
  'refund-requested',
  'refund-approved',
  'refund-rejected',
  'reminder',
  'participant-access',
  'seat-claim-invite',
  'waitlist-joined',
  'waitlist-offer',
  'waitlist-offer-expired',
  'contact-reply',
  'newsletter',
  'admin-message',
  'date-changed',
  'date-called-off',
  'date-poll-opened',
  'date-poll-chosen',
  'call-booked',
  'call-moved',
  'call-cancelled',
  'call-reminder',
] as const;

export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export function isEmailTemplateType(value: string): value is EmailTemplateType {
  return (EMAIL_TEMPLATE_TYPES as readonly string[]).includes(value);
}

export type TemplateKey = {
  key: string;
  description: string;
  /** Markup built by the product, inserted unescaped; everything else is escaped. */
  html?: true;
};

export type EmailTemplateDefinition = {
  type: EmailTemplateType;
  /** A human name for lists and the editor. */
  label: string;
  /** When the product sends it. */
  sentWhen: string;
  subject: string;
  content: string;
  keys: readonly TemplateKey[];
  /**
   * Values for a test e-mail, one per key. A value of a key ending in `Link` that starts with
   * `/` is a path on the site: the server puts PUBLIC_URL in front of it.
   */
  sample: Readonly<Record<string, string>>;
};

const CARD_DELAY = 'It usually reaches your card within 5–10 business days.';

/** The sample details table, in the shape the booking e-mails build it (see src/app/server/booking-mail.ts). */
const SAMPLE_DETAILS =
  '<table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>Prototype Lab: build an MVP without code</td></tr><tr><td><strong>When</strong></td><td>July 4, 2031, 10:00 AM - 12:00 PM PST</td></tr><tr><td><strong>Booking</strong></td><td>#1042</td></tr></table>';

const SAMPLE_JOIN_LINK = '/join/sample';
/** A confirmed seat's details: the booking's table with the seat's personal join link under it. */
const SAMPLE_CONFIRMED_DETAILS = SAMPLE_DETAILS.replace(
  '</table>',
  `<tr><td><strong>Join</strong></td><td><a href="${SAMPLE_JOIN_LINK}">Join the workshop</a> (your personal link)</td></tr></table>`,
);

const SAMPLE_COMMON = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  workshopTitle: 'Prototype Lab: build an MVP without code',
  when: 'July 4, 2031, 10:00 AM - 12:00 PM PST',
  bookingId: '1042',
  participantLink: '/participant?token=sample',
};

const key = (name: string, description: string): TemplateKey => ({ key: name, description });
const htmlKey = (name: string, description: string): TemplateKey => ({ key: name, description, html: true });

const FIRST_NAME = key('firstName', "The participant's first name");
const WORKSHOP_TITLE = key('workshopTitle', 'The workshop title');
const WHEN = key('when', 'Date, time and time zone of the workshop (or that the date is still to be set)');
const BOOKING_ID = key('bookingId', 'The booking number');
/** A refund decision's note from the admin: as text, and as a ready paragraph for the HTML. */
const ADMIN_NOTE_KEYS = [
  key('notes', "The admin's note (may be empty)"),
  htmlKey('notesBlock', "'Note from our team' with the admin's note, or nothing when there is none"),
];
const adminNoteSample = (note: string) => ({ notes: note, notesBlock: `<p><strong>Note from our team</strong><br>${note}</p>` });
const PARTICIPANT_LINK = key('participantLink', "The participant's sign-in link to their bookings (valid 7 days)");
const JOIN_LINK = key('joinLink', "The seat's personal join link: it opens the meeting link as it is then, and checks them in");

/** The keys of every e-mail about a follow-up call. */
const CALL_KEYS: readonly TemplateKey[] = [
  FIRST_NAME,
  WORKSHOP_TITLE,
  key('when', "The call's day and time in the organiser's zone, and the participant's beside it"),
  key('meetingLink', 'The meeting link of the call (may be empty)'),
  key('noticeHours', 'Up to how many hours before a call it can be moved or cancelled'),
  PARTICIPANT_LINK,
  htmlKey('callDetails', 'A table with the time, the length and the meeting link'),
];
const CALL_SAMPLE = {
  firstName: 'Ada',
  workshopTitle: 'Prototype Lab: build an MVP without code',
  when: 'Tue, July 8, 2031, 10:00 AM PDT · 7:00 PM CEST for you',
  meetingLink: 'https://meet.example.com/office-hours',
  noticeHours: '24',
  participantLink: SAMPLE_COMMON.participantLink,
  callDetails:
    '<table role="presentation" cellpadding="4"><tr><td><strong>When</strong></td><td>Tue, July 8, 2031, 10:00 AM PDT · 7:00 PM CEST for you</td></tr><tr><td><strong>Length</strong></td><td>30 minutes</td></tr><tr><td><strong>Meeting link</strong></td><td><a href="https://meet.example.com/office-hours">https://meet.example.com/office-hours</a></td></tr></table>',
};

/** The keys of every e-mail to a seat about its date changing, being called off or being set. */
const DATE_SEAT_KEYS = [FIRST_NAME, WORKSHOP_TITLE, WHEN, BOOKING_ID, PARTICIPANT_LINK];

export const EMAIL_TEMPLATE_DEFINITIONS: Readonly<Record<EmailTemplateType, EmailTemplateDefinition>> = {
  'booking-confirmation': {
    type: 'booking-confirmation',
    label: 'Booking confirmation',
    sentWhen: 'A seat is booked: paid, or free with a 100% discount code. Carries the calendar event.',
    subject: 'Your seat is booked: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p>{{paymentLine}}{{details}}{{calendarLine}}{{followUpCalls}}<p><a href="{{participantLink}}">See your booking</a></p>',
    keys: [
      FIRST_NAME,
      key('lastName', "The participant's last name"),
      WORKSHOP_TITLE,
      WHEN,
      key('amount', 'The amount paid, e.g. $499.00 ($0.00 when free)'),
      BOOKING_ID,
      PARTICIPANT_LINK,
      JOIN_LINK,
      htmlKey('paymentLine', 'A paragraph about the payment: the amount paid, or that a discount code made it free'),
      htmlKey('details', 'A table with the workshop, the date, the booking number and the personal join link'),
      htmlKey('followUpCalls', 'The one-on-one follow-up calls the seat includes, with the link to book them (empty when a seat has none)'),
      htmlKey('calendarLine', 'What the attached calendar event carries, or, while the date is still to be set, that it will follow'),
    ],
    sample: {
      ...SAMPLE_COMMON,
      amount: '$499.00',
      joinLink: SAMPLE_JOIN_LINK,
      calendarLine: '<p>The attached calendar event carries the time and your join link. The materials will be on your booking page before the workshop.</p>',
      paymentLine: '<p>Thank you — your payment of <strong>$499.00</strong> went through and your seat is confirmed.</p>',
      details: SAMPLE_CONFIRMED_DETAILS,
      followUpCalls:
        '<p>Your seat includes 2 one-on-one follow-up calls with the organiser after the workshop. <a href="/participant?token=sample">Book your follow-up calls (2 left)</a></p>',
    },
  },
  'order-confirmation': {
    type: 'order-confirmation',
    label: 'Order confirmation',
    sentWhen: 'An order of several seats is paid or booked free, or a buyer books a seat for someone else: to the buyer, listing every seat and the claim links of unnamed seats.',
    subject: 'Your order {{orderReference}}: {{seatCount}} for {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p>{{paymentLine}}{{details}}<p><strong>Seats</strong></p>{{seatList}}<p>Everyone named on a seat gets their own confirmation with the calendar event and their own link to their booking. For an unnamed seat, forward its link to the colleague who will take it: they put their own name on it, once.</p><p><a href="{{participantLink}}">Manage your order</a></p>',
    keys: [
      key('firstName', "The buyer's first name"),
      WORKSHOP_TITLE,
      WHEN,
      key('orderReference', 'The order reference, e.g. K7Q-2MX'),
      key('seatCount', 'How many seats, e.g. 3 seats'),
      key('amount', 'The amount paid for the order, e.g. $1,497.00 ($0.00 when free)'),
      key('participantLink', "The buyer's sign-in link to their orders and seats (valid 7 days)"),
      htmlKey('paymentLine', 'A paragraph about the payment: the amount paid, or that a discount code made it free'),
      htmlKey('details', 'A table with the workshop, the date and the order reference'),
      htmlKey('seatList', 'The seats: who is on each, and the claim link of each unnamed seat'),
    ],
    sample: {
      firstName: 'Ada',
      workshopTitle: SAMPLE_COMMON.workshopTitle,
      when: SAMPLE_COMMON.when,
      orderReference: 'K7Q-2MX',
      seatCount: '3 seats',
      amount: '$1,497.00',
      participantLink: SAMPLE_COMMON.participantLink,
      paymentLine: '<p>Thank you — your payment of <strong>$1,497.00</strong> went through and your 3 seats are confirmed.</p>',
      details:
        '<table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>Prototype Lab: build an MVP without code</td></tr><tr><td><strong>When</strong></td><td>July 4, 2031, 10:00 AM - 12:00 PM PST</td></tr><tr><td><strong>Order</strong></td><td>K7Q-2MX</td></tr></table>',
      seatList:
        '<ol><li>Ada Lovelace (ada@example.com)</li><li>Grace Hopper (grace@example.com)</li><li>Unnamed seat: <a href="/claim/sample">link to claim it</a></li></ol>',
    },
  },
  'booking-moved': {
    type: 'booking-moved',
    label: 'Seat moved',
    sentWhen: 'An admin moves a confirmed seat to another date. Carries the calendar event again, so calendars move it.',
    subject: 'Your seat has moved: {{workshopTitle}}, {{when}}',
    content:
      '<p>Hi {{firstName}},</p><p>Your seat has moved from <strong>{{fromWhen}}</strong> to <strong>{{when}}</strong>.</p>{{details}}<p>The calendar file attached replaces the one you had: open it and your calendar moves the event. Nothing else changes.</p><p><a href="{{participantLink}}">See your booking</a></p>',
    keys: [
      FIRST_NAME,
      WORKSHOP_TITLE,
      key('fromWhen', 'When the workshop was before the move (date, time and time zone)'),
      key('when', 'When it is now'),
      BOOKING_ID,
      PARTICIPANT_LINK,
      htmlKey('details', 'A table with the workshop, the new date and the booking number'),
    ],
    sample: {
      ...SAMPLE_COMMON,
      fromWhen: 'June 20, 2031, 10:00 AM - 12:00 PM PST',
      details: SAMPLE_DETAILS,
    },
  },
  'booking-cancellation': {
    type: 'booking-cancellation',
    label: 'Booking cancellation',
    sentWhen: 'A participant cancels a booking: says what happens with the money (refund, credit code or nothing to refund).',
    subject: 'Your booking is cancelled: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>Your booking #{{bookingId}} for {{workshopTitle}} ({{when}}) is cancelled and your seat has been released.</p>{{refundDetails}}<p>We hope to see you at another workshop.</p>',
    keys: [
      FIRST_NAME,
      BOOKING_ID,
      WORKSHOP_TITLE,
      WHEN,
      key('amount', 'The amount refunded, e.g. $249.50'),
      key('creditCode', 'The credit code, when the participant chose a credit'),
      key('creditExpires', 'Until when the credit code is valid'),
      htmlKey('refundDetails', 'A paragraph about the refund or credit code, matching how the booking was cancelled'),
    ],
    sample: {
      ...SAMPLE_COMMON,
      amount: '$499.00',
      creditCode: '',
      creditExpires: '',
      refundDetails: `<p>You cancelled at least 7 days before the workshop, so you get a full refund of <strong>$499.00</strong> to your card. ${CARD_DELAY}</p>`,
    },
  },
  'booking-reservation': {
    type: 'booking-reservation',
    label: 'Reservation (pay later)',
    sentWhen: 'A seat is reserved to pay later: carries the link to pay.',
    subject: 'Your spot is reserved: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>We are holding a seat for you. Pay <strong>{{amount}}</strong> whenever suits you with this link:</p><p><a href="{{payLink}}">Pay for your booking</a></p>{{details}}<p><a href="{{participantLink}}">See your booking</a></p>',
    keys: [
      FIRST_NAME,
      key('lastName', "The participant's last name"),
      WORKSHOP_TITLE,
      WHEN,
      key('amount', 'The amount to pay, e.g. $499.00'),
      BOOKING_ID,
      key('payLink', 'The link to pay for this booking'),
      PARTICIPANT_LINK,
      htmlKey('details', 'A table with the workshop, the date and the booking number'),
    ],
    sample: { ...SAMPLE_COMMON, amount: '$499.00', payLink: '/checkout?booking=1042&token=sample', details: SAMPLE_DETAILS },
  },
  'reservation-confirm': {
    type: 'reservation-confirm',
    label: 'Reservation: confirm the address',
    sentWhen:
      'A seat is reserved to pay later: asks the person to confirm their e-mail address. Until they do, the seat is held only as long as a checkout holds one (15 minutes).',
    subject: 'Confirm your reservation: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>Please confirm your e-mail address to keep the seat you reserved in <strong>{{workshopTitle}}</strong> ({{when}}):</p><p><a href="{{confirmLink}}">Confirm my reservation</a></p><p>Until you confirm, we hold the seat until {{holdEndsAt}}; then it goes back on sale. Once you confirm, we keep it for you and send you the link to pay {{amount}}.</p><p>Did not reserve a seat? Then you can ignore this e-mail.</p>',
    keys: [
      FIRST_NAME,
      WORKSHOP_TITLE,
      WHEN,
      key('holdEndsAt', 'When the unconfirmed reservation is released'),
      key('amount', 'The amount to pay, e.g. $499.00'),
      BOOKING_ID,
      key('confirmLink', 'The link that confirms the address and keeps the reservation'),
    ],
    sample: { ...SAMPLE_COMMON, holdEndsAt: 'July 1, 2031, 5:15 PM UTC', amount: '$499.00', confirmLink: '/booking/confirmed?booking=1042&confirm=sample' },
  },
  'booking-sold-out-refund': {
    type: 'booking-sold-out-refund',
    label: 'Refund: workshop filled up',
    sentWhen: 'Someone paid after their seat hold ran out and the last seat went to someone else: the payment is refunded.',
    subject: 'Refund: {{workshopTitle}} filled up',
    content: `<p>We are sorry: the last seat in {{workshopTitle}} was taken while your payment was being completed.</p><p>Your payment of <strong>{{amount}}</strong> has been refunded in full (reference {{refundId}}). ${CARD_DELAY}</p><p>Reply to this e-mail and we will find you a seat in the next workshop.</p>`,
    keys: [WORKSHOP_TITLE, key('amount', 'The amount refunded'), key('refundId', "The payment provider's refund reference")],
    sample: { workshopTitle: SAMPLE_COMMON.workshopTitle, amount: '$499.00', refundId: 're_sample_123' },
  },
  'payment-refunded': {
    type: 'payment-refunded',
    label: 'Refund: payment not booked',
    sentWhen:
      'A payment went through that can no longer become a booking (the date was withdrawn, the reservation was cancelled or had expired, it was paid twice, or an admin deleted the booking with a refund): it is refunded in full.',
    subject: 'Your payment is refunded: {{workshopTitle}}',
    content: `<p>{{reason}}</p><p>Your payment of <strong>{{amount}}</strong> has been refunded in full (reference {{refundId}}). ${CARD_DELAY}</p><p>Reply to this e-mail if you have any questions, or if you would like a seat in another workshop.</p>`,
    keys: [
      WORKSHOP_TITLE,
      key('reason', 'Why the payment could not be booked, as a sentence'),
      key('amount', 'The amount refunded'),
      key('refundId', "The payment provider's refund reference"),
    ],
    sample: {
      workshopTitle: SAMPLE_COMMON.workshopTitle,
      reason: 'Your reservation for Prototype Lab had already been paid, so your second payment was not needed.',
      amount: '$499.00',
      refundId: 're_sample_123',
    },
  },
  'reservation-reminder': {
    type: 'reservation-reminder',
    label: 'Reservation: pay soon',
    sentWhen: 'A day before an unpaid reservation runs out: carries the link to pay.',
    subject: 'Your reserved seat is held until {{expiresAt}}: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>We are still holding your seat in <strong>{{workshopTitle}}</strong> ({{when}}), until <strong>{{expiresAt}}</strong>. After that it goes back on sale.</p><p><a href="{{payLink}}">Pay {{amount}} now</a></p><p>Changed your mind? You can cancel it from <a href="{{participantLink}}">your bookings</a>.</p>',
    keys: [
      FIRST_NAME,
      WORKSHOP_TITLE,
      WHEN,
      key('expiresAt', 'When the reservation runs out'),
      key('amount', 'The amount to pay'),
      key('payLink', 'The link to pay for this booking'),
      BOOKING_ID,
      PARTICIPANT_LINK,
    ],
    sample: {
      ...SAMPLE_COMMON,
      expiresAt: 'July 2, 2031, 5:00 PM UTC',
      amount: '$499.00',
      payLink: '/checkout?booking=1042&token=sample',
    },
  },
  'reservation-expired': {
    type: 'reservation-expired',
    label: 'Reservation expired',
    sentWhen: 'An unpaid reservation ran out: its seat went back on sale.',
    subject: 'Your reservation has expired: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>Your reservation #{{bookingId}} for <strong>{{workshopTitle}}</strong> ({{when}}) was not paid in time, so its seat has gone back on sale.</p><p>You are welcome to <a href="{{bookLink}}">book again</a> while seats are left.</p>',
    keys: [FIRST_NAME, WORKSHOP_TITLE, WHEN, BOOKING_ID, key('bookLink', 'The page to book a workshop')],
    sample: { ...SAMPLE_COMMON, bookLink: '/#booking' },
  },
  'refund-requested': {
    type: 'refund-requested',
    label: 'Refund request received',
    sentWhen: 'A participant asks for a refund: confirms it arrived and how long a review takes.',
    subject: 'We received your refund request: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>We received your refund request for {{workshopTitle}} (booking #{{bookingId}}). It is pending review; refund reviews take 2-3 business days, and we will e-mail you the decision.</p><p><strong>Your reason</strong><br />{{reason}}</p>',
    keys: [FIRST_NAME, WORKSHOP_TITLE, BOOKING_ID, key('reason', 'The reason the participant gave')],
    sample: { firstName: 'Ada', workshopTitle: SAMPLE_COMMON.workshopTitle, bookingId: '1042', reason: 'My plans changed, sorry.' },
  },
  'refund-approved': {
    type: 'refund-approved',
    label: 'Refund approved',
    sentWhen: 'An admin approves a refund request and the payment is refunded.',
    subject: 'Your refund is approved: {{workshopTitle}}',
    content: `<p>Hi {{firstName}},</p><p>Your refund request for {{workshopTitle}} (booking #{{bookingId}}) is approved. We have refunded <strong>{{amount}}</strong> to your card (reference {{refundId}}). ${CARD_DELAY}</p>{{notesBlock}}`,
    keys: [
      FIRST_NAME,
      WORKSHOP_TITLE,
      BOOKING_ID,
      key('amount', 'The amount refunded'),
      key('refundId', "The payment provider's refund reference"),
      ...ADMIN_NOTE_KEYS,
    ],
    sample: {
      firstName: 'Ada',
      workshopTitle: SAMPLE_COMMON.workshopTitle,
      bookingId: '1042',
      amount: '$499.00',
      refundId: 're_sample_123',
      ...adminNoteSample('Sorry to miss you.'),
    },
  },
  'refund-rejected': {
    type: 'refund-rejected',
    label: 'Refund rejected',
    sentWhen: 'An admin rejects a refund request.',
    subject: 'About your refund request: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>We have reviewed your refund request for {{workshopTitle}} (booking #{{bookingId}}) and cannot approve it. Your booking stays as it is.</p>{{notesBlock}}<p>Reply to this e-mail if you have questions.</p>',
    keys: [
      FIRST_NAME,
      WORKSHOP_TITLE,
      BOOKING_ID,
      ...ADMIN_NOTE_KEYS,
    ],
    sample: {
      firstName: 'Ada',
      workshopTitle: SAMPLE_COMMON.workshopTitle,
      bookingId: '1042',
      ...adminNoteSample('The workshop is tomorrow and full.'),
    },
  },
  reminder: {
    type: 'reminder',
    label: 'Workshop reminder',
    sentWhen: 'To every confirmed participant 24 hours and 1 hour before the workshop, with the meeting details.',
    subject: 'Reminder: {{workshopTitle}} starts {{lead}}',
    content:
      '<p>Hi {{firstName}},</p><p><strong>{{workshopTitle}}</strong> starts {{lead}}.</p>{{meetingDetails}}<p><a href="{{participantLink}}">See your booking</a></p>',
    keys: [
      FIRST_NAME,
      WORKSHOP_TITLE,
      key('lead', "'in 24 hours' or 'in 1 hour'"),
      key('when', 'Start of the workshop in its time zone'),
      key('zoomLink', 'The meeting link (may be empty)'),
      key('meetingId', 'The meeting ID (may be empty)'),
      key('password', 'The meeting password (may be empty)'),
      PARTICIPANT_LINK,
      JOIN_LINK,
      htmlKey('meetingDetails', 'A table with the time, the personal join link, and the meeting link, ID and password that are set'),
    ],
    sample: {
      firstName: 'Ada',
      workshopTitle: SAMPLE_COMMON.workshopTitle,
      lead: 'in 24 hours',
      when: 'July 4, 2031, 10:00 AM PST',
      zoomLink: 'https://zoom.us/j/5550100',
      meetingId: '555 0100',
      password: 'kite-7',
      participantLink: SAMPLE_COMMON.participantLink,
      joinLink: SAMPLE_JOIN_LINK,
      meetingDetails:
        '<table role="presentation" cellpadding="4"><tr><td><strong>When</strong></td><td>July 4, 2031, 10:00 AM PST</td></tr><tr><td><strong>Join</strong></td><td><a href="/join/sample">Join the workshop</a> (your personal link)</td></tr><tr><td><strong>Meeting link</strong></td><td><a href="https://zoom.us/j/5550100">https://zoom.us/j/5550100</a></td></tr><tr><td><strong>Meeting ID</strong></td><td>555 0100</td></tr><tr><td><strong>Password</strong></td><td>kite-7</td></tr></table>',
    },
  },
  'participant-access': {
    type: 'participant-access',
    label: 'Participant sign-in link',
    sentWhen: "Someone asks for their bookings under 'Access Your Bookings' and the address has bookings.",
    subject: 'Your workshop bookings',
    content:
      '<p>Hello,</p><p>Here is your link to see your workshop bookings, meeting details and materials:</p><p><a href="{{participantLink}}">Open my bookings</a></p><p>The link works for 7 days. If you did not ask for it, you can ignore this e-mail.</p>',
    keys: [PARTICIPANT_LINK, key('email', 'The address the link was sent to')],
    sample: { participantLink: SAMPLE_COMMON.participantLink, email: 'ada@example.com' },
  },
  'seat-claim-invite': {
    type: 'seat-claim-invite',
    label: 'Seat invitation (claim link)',
    sentWhen:
      'A buyer sends the link of a seat they bought without a name to a colleague, from their bookings page: the colleague opens it to put their own name on the seat.',
    subject: '{{buyerName}} booked you a seat: {{workshopTitle}}',
    content:
      '<p>Hello,</p><p>{{buyerName}} booked a seat for you in <strong>{{workshopTitle}}</strong> ({{when}}).</p><p>The seat is waiting for your name. Open the link below and enter your own name and e-mail address: the seat becomes your booking, and you get your own confirmation with the calendar event and a link to your booking.</p><p><a href="{{claimLink}}">Claim your seat</a></p><p>The link can be used once, by one person. Not expecting this? You can ignore this e-mail, or let {{buyerName}} know.</p>',
    keys: [
      key('buyerName', 'The name of the person who bought the seat'),
      WORKSHOP_TITLE,
      WHEN,
      key('claimLink', 'The link that puts the recipient’s own name on the seat (works once)'),
      key('email', 'The address the invitation was sent to'),
    ],
    sample: {
      buyerName: 'Ada Lovelace',
      workshopTitle: SAMPLE_COMMON.workshopTitle,
      when: SAMPLE_COMMON.when,
      claimLink: '/claim/sample',
      email: 'grace@example.com',
    },
  },
  'waitlist-joined': {
    type: 'waitlist-joined',
    label: 'Waiting list: joined',
    sentWhen: 'Someone joins the waiting list of a booked-out date (or of the next date of a workshop): tells them their place and how to leave.',
    subject: 'You are on the waiting list: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>You are number {{position}} on the waiting list for <strong>{{workshopTitle}}</strong> ({{when}}), for {{seats}}.</p><p>When seats free up they go to the waiting list first, in order of joining. If yours fit, we e-mail you a link that holds them for you for {{offerHours}} hours: nobody else can book them meanwhile.</p><p>Changed your mind? <a href="{{leaveLink}}">Leave the waiting list</a>.</p>',
    keys: [
      FIRST_NAME,
      WORKSHOP_TITLE,
      key('when', 'The date waited for, or that it is the next date of the workshop with room'),
      key('position', 'Their place in line (1 is next)'),
      key('seats', 'The seats they wait for, e.g. 2 seats'),
      key('offerHours', 'How many hours an offer holds its seats'),
      key('leaveLink', 'The link that takes them off the list'),
    ],
    sample: { firstName: 'Ada', workshopTitle: SAMPLE_COMMON.workshopTitle, when: SAMPLE_COMMON.when, position: '3', seats: '2 seats', offerHours: '24', leaveLink: '/waitlist/sample' },
  },
  'waitlist-offer': {
    type: 'waitlist-offer',
    label: 'Waiting list: seats offered',
    sentWhen: 'Seats freed up and fit the first person waiting: they are held for them until the deadline.',
    subject: 'Seats are free for you: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>Good news: {{seats}} in <strong>{{workshopTitle}}</strong> ({{when}}) freed up, and we are holding them for you until <strong>{{deadline}}</strong>.</p><p><a href="{{offerLink}}">Book your seats</a> at {{price}} a seat.</p><p>Nobody else can book them until then. If you no longer need them, please <a href="{{declineLink}}">pass them on</a> so the next person gets them at once.</p>',
    keys: [
      FIRST_NAME,
      WORKSHOP_TITLE,
      WHEN,
      key('seats', 'The seats held, e.g. 2 seats'),
      key('deadline', 'When the offer ends (in their time zone when known)'),
      key('price', 'A seat’s price, held from the moment of the offer'),
      key('offerLink', 'The checkout for the held seats'),
      key('declineLink', 'The link that passes the seats on to the next person'),
    ],
    sample: {
      firstName: 'Ada',
      workshopTitle: SAMPLE_COMMON.workshopTitle,
      when: SAMPLE_COMMON.when,
      seats: '2 seats',
      deadline: 'July 1, 2031, 10:00 AM PDT',
      price: '$499.00',
      offerLink: '/checkout?offer=sample',
      declineLink: '/waitlist/sample',
    },
  },
  'waitlist-offer-expired': {
    type: 'waitlist-offer-expired',
    label: 'Waiting list: offer ended',
    sentWhen: 'An offer of seats ran out unused: they went on to the next person waiting.',
    subject: 'Your held seats were passed on: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>We held {{seats}} in <strong>{{workshopTitle}}</strong> ({{when}}) for you until {{deadline}}, and they were not booked in time, so they went to the next person waiting.</p><p>You are welcome to <a href="{{bookLink}}">join the waiting list again</a> or pick another date.</p>',
    keys: [FIRST_NAME, WORKSHOP_TITLE, WHEN, key('seats', 'The seats that were held, e.g. 2 seats'), key('deadline', 'When the offer ended'), key('bookLink', 'The page to book a workshop')],
    sample: { firstName: 'Ada', workshopTitle: SAMPLE_COMMON.workshopTitle, when: SAMPLE_COMMON.when, seats: '2 seats', deadline: 'July 1, 2031, 10:00 AM PDT', bookLink: '/#booking' },
  },
  'contact-reply': {
    type: 'contact-reply',
    label: 'Contact form acknowledgement',
    sentWhen: 'Someone sends a message through the contact form: tells them it arrived.',
    subject: 'We received your message',
    content:
      '<p>Hi {{name}},</p><p>Thank you for getting in touch. We received your message “{{subject}}” and will get back to you soon.</p><p>If you have anything to add, simply reply to this e-mail.</p>',
    keys: [key('name', 'The name the person typed'), key('subject', 'The subject of their message'), key('message', 'Their message'), key('email', 'Their e-mail address')],
    sample: { name: 'Ada Lovelace', subject: 'Group booking for my team', message: 'Can five of us join the July workshop?', email: 'ada@example.com' },
  },
  newsletter: {
    type: 'newsletter',
    label: 'Newsletter',
    sentWhen:
      'An admin sends a newsletter: the frame around the content composed in the Newsletter tab. Every copy gets its own unsubscribe link underneath when it is sent.',
    subject: '{{subject}}',
    content: '{{content}}',
    keys: [key('subject', 'The subject the admin typed'), htmlKey('content', 'The newsletter content the admin composed (sanitised)')],
    sample: {
      subject: 'New dates for the autumn workshops',
      content: '<p>Hello!</p><p>We have opened three new dates for the Prototype Lab this autumn. Seats go fast, so book early.</p>',
    },
  },
  'admin-message': {
    type: 'admin-message',
    label: 'Message from an admin',
    sentWhen: "An admin e-mails a user from the Users tab ('Send email').",
    subject: '{{subject}}',
    content: '{{content}}',
    keys: [
      key('subject', 'The subject the admin typed'),
      htmlKey('content', "The admin's message, as paragraphs"),
      key('email', "The recipient's address"),
    ],
    sample: {
      subject: 'Your slides',
      content: '<p>Hi Ada,</p><p>The slides from the workshop are now on your bookings page.</p>',
      email: 'ada@example.com',
    },
  },
  'date-changed': {
    type: 'date-changed',
    label: 'Workshop date changed',
    sentWhen: "An admin changes a date's day, time, time zone or meeting link and chooses to notify its participants. Carries the updated calendar event.",
    subject: 'Your workshop has changed: {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>The organiser changed your workshop <strong>{{workshopTitle}}</strong>:</p>{{changes}}{{details}}<p>The calendar file attached replaces the one you had: open it and your calendar updates the event.</p><p><a href="{{participantLink}}">See your booking</a></p>',
    keys: [
      ...DATE_SEAT_KEYS,
      htmlKey('changes', 'A list of what changed, each with its old and new value'),
      htmlKey('details', 'A table with the workshop, the date and the booking number'),
    ],
    sample: {
      ...SAMPLE_COMMON,
      changes: '<ul><li><strong>When</strong>: Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT → Fri, July 4, 2031, 11:00 AM – 1:00 PM PDT</li></ul>',
      details: SAMPLE_DETAILS,
    },
  },
  'date-called-off': {
    type: 'date-called-off',
    label: 'Workshop date called off',
    sentWhen: 'An admin calls a date off: says what happens with the money, with the organiser’s message and a calendar cancellation.',
    subject: 'Cancelled: {{workshopTitle}}, {{when}}',
    content:
      '<p>Hi {{firstName}},</p><p>We are sorry: <strong>{{workshopTitle}}</strong> ({{when}}) has been called off (your booking #{{bookingId}}).</p>{{message}}{{refundDetails}}<p>The calendar file attached removes the event from your calendar.</p><p><a href="{{participantLink}}">See your bookings</a></p>',
    keys: [
      ...DATE_SEAT_KEYS,
      htmlKey('message', "The organiser's message, as paragraphs"),
      htmlKey('refundDetails', 'A paragraph: the booking is cancelled and what is refunded, or, where the organiser offered a move, how to choose another date or a refund'),
    ],
    sample: {
      ...SAMPLE_COMMON,
      message: '<p>Our speaker is ill. We will announce a new date soon.</p>',
      refundDetails: `<p>Your booking is cancelled. Your payment of <strong>$499.00</strong> is refunded in full to your card. ${CARD_DELAY}</p>`,
    },
  },
  'date-poll-opened': {
    type: 'date-poll-opened',
    label: 'Date poll opened',
    sentWhen: 'An admin proposes candidate dates for a workshop whose date is to be set: asks each participant which suit them.',
    subject: 'Which dates suit you? {{workshopTitle}}',
    content:
      '<p>Hi {{firstName}},</p><p>The date of <strong>{{workshopTitle}}</strong> is to be set, and we would like to pick one that suits you. These are the candidates:</p>{{options}}<p><a href="{{participantLink}}">Mark the dates that suit you</a></p>',
    keys: [FIRST_NAME, WORKSHOP_TITLE, BOOKING_ID, PARTICIPANT_LINK, htmlKey('options', 'The candidate dates, in the workshop’s time zone and the participant’s')],
    sample: {
      ...SAMPLE_COMMON,
      options: '<ul><li>Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT</li><li>Fri, July 11, 2031, 10:00 AM – 12:00 PM PDT</li></ul>',
    },
  },
  'date-poll-chosen': {
    type: 'date-poll-chosen',
    label: 'Date poll: date chosen',
    sentWhen: "An admin picks one of a poll's candidate dates: tells every participant the date, with the calendar event.",
    subject: 'The date is set: {{workshopTitle}}, {{when}}',
    content:
      '<p>Hi {{firstName}},</p><p>The date of <strong>{{workshopTitle}}</strong> is set: <strong>{{when}}</strong>.</p>{{details}}{{cannotMake}}<p>Open the calendar file attached to add it to your calendar.</p><p><a href="{{participantLink}}">See your booking</a></p>',
    keys: [
      ...DATE_SEAT_KEYS,
      htmlKey('details', 'A table with the workshop, the date and the booking number'),
      htmlKey('cannotMake', 'For those who did not vote for this date: that they may move or cancel with a full refund'),
    ],
    sample: {
      ...SAMPLE_COMMON,
      details: SAMPLE_DETAILS,
      cannotMake: '<p>You did not mark this date as one that suits you. If you cannot make it, move your seat to another date or cancel for a full refund, both from your bookings page.</p>',
    },
  },
  'call-booked': {
    type: 'call-booked',
    label: 'Follow-up call booked',
    sentWhen: 'A participant books one of their follow-up calls: the time, the meeting link and the calendar event.',
    subject: 'Your follow-up call: {{when}}',
    content:
      '<p>Hi {{firstName}},</p><p>Your one-on-one follow-up call after <strong>{{workshopTitle}}</strong> is booked.</p>{{callDetails}}<p>Open the calendar file attached to add it to your calendar. You can move or cancel it from your bookings page up to {{noticeHours}} hours before it starts.</p><p><a href="{{participantLink}}">See your calls</a></p>',
    keys: CALL_KEYS,
    sample: CALL_SAMPLE,
  },
  'call-moved': {
    type: 'call-moved',
    label: 'Follow-up call moved',
    sentWhen: 'A participant moves a follow-up call to another time: the new time, with the calendar event updated.',
    subject: 'Your follow-up call moved to {{when}}',
    content:
      '<p>Hi {{firstName}},</p><p>Your follow-up call after <strong>{{workshopTitle}}</strong> is now at <strong>{{when}}</strong>.</p>{{callDetails}}<p>The calendar file attached updates the event you added before.</p><p><a href="{{participantLink}}">See your calls</a></p>',
    keys: CALL_KEYS,
    sample: CALL_SAMPLE,
  },
  'call-cancelled': {
    type: 'call-cancelled',
    label: 'Follow-up call cancelled',
    sentWhen: 'A follow-up call is cancelled: by the participant, by the organiser (with their message), or because its seat was cancelled or refunded.',
    subject: 'Follow-up call cancelled: {{when}}',
    content: '<p>Hi {{firstName}},</p><p>Your follow-up call after <strong>{{workshopTitle}}</strong> on <strong>{{when}}</strong> is cancelled.</p>{{why}}<p>The calendar file attached removes it from your calendar.</p>{{whatNext}}<p><a href="{{participantLink}}">See your calls</a></p>',
    keys: [
      ...CALL_KEYS,
      htmlKey('why', "Who cancelled and the organiser's message, when there is one"),
      htmlKey('whatNext', 'That the call can be booked again, when the seat still has it'),
    ],
    sample: {
      ...CALL_SAMPLE,
      why: '<p>The organiser wrote: “Something came up that day; please pick another time.”</p>',
      whatNext: '<p>The call is yours to book again: pick another time on your bookings page.</p>',
    },
  },
  'call-reminder': {
    type: 'call-reminder',
    label: 'Follow-up call reminder',
    sentWhen: 'A day before a follow-up call, with the meeting link.',
    subject: 'Tomorrow: your follow-up call, {{when}}',
    content: '<p>Hi {{firstName}},</p><p>A reminder of your one-on-one follow-up call after <strong>{{workshopTitle}}</strong>.</p>{{callDetails}}<p><a href="{{participantLink}}">See your calls</a></p>',
    keys: CALL_KEYS,
    sample: CALL_SAMPLE,
  },
};

export const EMAIL_TEMPLATE_LIST: readonly EmailTemplateDefinition[] = EMAIL_TEMPLATE_TYPES.map((type) => EMAIL_TEMPLATE_DEFINITIONS[type]);

/** The keys of a type that carry product-built markup. */
export function htmlKeysOf(type: EmailTemplateType): string[] {
  return EMAIL_TEMPLATE_DEFINITIONS[type].keys.filter((entry) => entry.html).map((entry) => entry.key);
}
