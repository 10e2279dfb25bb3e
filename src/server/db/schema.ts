/**
 * The whole product's data model. Money is integer cents; every instant is `timestamptz`.
 * Constraints carry the rules the domain cannot break (seats, one booking per payment, unique codes),
 * so they hold whichever code path writes.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES, MAX_SEATS_PER_ORDER, ORDER_STATUSES, PAYMENT_STATUSES, WAITLIST_STATUSES } from '../../common/booking-status';

/**
 * Binary data (an image's bytes). node-postgres answers bytea as a Buffer and PGlite as a
 * Uint8Array; both accept either as a parameter. The app always sees a Buffer.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- workshops

export const workshopTemplates = pgTable('workshop_templates', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description'),
  expertiseLevel: text('expertise_level', { enum: ['beginner', 'some_expertise', 'expert'] }).notNull().default('beginner'),
  defaultSeats: integer('default_seats').notNull().default(10),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const workshopDates = pgTable(
  'workshop_dates',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id').references(() => workshopTemplates.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    expertiseLevel: text('expertise_level', { enum: ['beginner', 'some_expertise', 'expert'] }).notNull().default('beginner'),
    /** As typed by the organiser: 'July 4, 2031'; empty when TBC. */
    date: text('date').notNull().default(''),
    /** A range '10:00 AM - 12:00 PM'; a single time means one hour. */
    time: text('time').notNull().default(''),
    /** As typed: an offered abbreviation ('PST', which names its region all year) or an IANA zone. */
    timezone: text('timezone').notNull().default('PST'),
    /** The time range ends on the next calendar day ('10:00 PM - 1:00 AM'); the admin says so. */
    endsNextDay: boolean('ends_next_day').notNull().default(false),
    /**
     * Derived from date, time, zone and endsNextDay under the zone's rules, on write and again at
     * each start (the zone rules ship with the runtime and may change); null when TBC. Sorting and
     * reminders use it.
     */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    seatsTotal: integer('seats_total').notNull().default(10),
    /** Confirmed bookings, reservations and unexpired payment holds. */
    seatsTaken: integer('seats_taken').notNull().default(0),
    priceCents: integer('price_cents').notNull().default(49900),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    isTBC: boolean('is_tbc').notNull().default(false),
    requiresImmediatePayment: boolean('requires_immediate_payment').notNull().default(true),
    zoomLink: text('zoom_link'),
    zoomMeetingId: text('zoom_meeting_id'),
    zoomPassword: text('zoom_password'),
    additionalInfo: text('additional_info'),
    /** One link per line. */
    materialLinks: text('material_links'),
    /** The organiser called the date off: its seats were refunded or released, its people told. */
    calledOffAt: timestamp('called_off_at', { withTimezone: true }),
    /**
     * Called off with a move offered: until then each seat still on the date may move itself to
     * another date or cancel with a full refund; a seat that chose neither is refunded in full then.
     */
    moveOfferUntil: timestamp('move_offer_until', { withTimezone: true }),
    /** A TBC date's poll of candidate dates was closed by choosing one; null while open or never run. */
    pollClosedAt: timestamp('poll_closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('workshop_dates_seats_within_total', sql`${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.seatsTotal}`),
    check('workshop_dates_seats_total_positive', sql`${t.seatsTotal} >= 1`),
    check('workshop_dates_price_positive', sql`${t.priceCents} >= 100`),
    // The public list: active dates by start, TBC last.
    index('workshop_dates_public_idx').on(t.isActive, t.startsAt, t.id),
    // At most one featured workshop.
    uniqueIndex('workshop_dates_one_featured').on(t.isFeatured).where(sql`${t.isFeatured}`),
  ],
);

// ---------------------------------------------------------------- discounts, bookings, payments

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper case; matched case-insensitively by upper-casing input. */
    code: text('code').notNull().unique(),
    description: text('description').notNull(),
    discountPercent: integer('discount_percent').notNull().default(10),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    currentUses: integer('current_uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('discount_codes_percent_range', sql`${t.discountPercent} BETWEEN 1 AND 100`),
    check('discount_codes_uses_within_max', sql`${t.maxUses} IS NULL OR ${t.currentUses} <= ${t.maxUses}`),
  ],
);

/** A person named on one seat of an order at checkout; the order's seats beyond its list are unnamed. */
export type OrderAttendee = { firstName: string; lastName: string; email: string };

/**
 * One sale: a buyer, the seats they bought on one date, and the one payment, free code or
 * reservation that pays for them (docs/decisions/008-booking-lifecycle.md). Once placed, each seat
 * is a booking of its own.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** What the buyer and the organiser quote: random (K7Q-2MX), so it tells nobody how much sells. */
    reference: text('reference').notNull().unique(),
    workshopDateId: integer('workshop_date_id').notNull().references(() => workshopDates.id, { onDelete: 'restrict' }),
    buyerFirstName: text('buyer_first_name').notNull(),
    buyerLastName: text('buyer_last_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    company: text('company').notNull().default(''),
    seats: integer('seats').notNull().default(1),
    /** The names given at checkout, kept until the payment turns them into bookings. */
    attendees: jsonb('attendees').$type<OrderAttendee[]>().notNull().default([]),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    discountCode: text('discount_code').notNull().default(''),
    /** One seat's price before and after the code; the order costs seats × seatFinalCents. */
    seatOriginalCents: integer('seat_original_cents').notNull(),
    seatDiscountCents: integer('seat_discount_cents').notNull().default(0),
    seatFinalCents: integer('seat_final_cents').notNull(),
    paymentMode: text('payment_mode', { enum: ['pay_now', 'pay_later'] }).notNull().default('pay_now'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
    /** A pending order's seats go back on sale at this instant unless it is paid first. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * Identifies one checkout (the browser's, or the request's details within a hold's time), so a
     * double click or a reload finds the pending order it already opened instead of a second one.
     */
    checkoutKey: text('checkout_key'),
    subscribedToNewsletter: boolean('subscribed_to_newsletter').notNull().default(true),
    timeZone: text('time_zone'),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_seats_range', sql`${t.seats} BETWEEN 1 AND ${sql.raw(String(MAX_SEATS_PER_ORDER))}`),
    check('orders_amounts_valid', sql`${t.seatFinalCents} >= 0 AND ${t.seatDiscountCents} >= 0 AND ${t.seatOriginalCents} >= 0`),
    index('orders_hold_expiry_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('orders_pending_checkout_key').on(t.checkoutKey).where(sql`${t.status} = 'pending'`),
    index('orders_buyer_email_idx').on(sql`lower(${t.buyerEmail})`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    /** The order that bought this seat. */
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    /**
     * False for a seat bought without a name: its buyer holds it (their name and address stand on
     * it) until a colleague claims it with their own.
     */
    named: boolean('named').notNull().default(true),
    /**
     * An unnamed seat's claim link names this number: revoking the link (or the seat being
     * claimed) counts it up, so every link sent before stops working.
     */
    claimVersion: integer('claim_version').notNull().default(0),
    /** How many times the seat's calendar event changed (a move): its next .ics says SEQUENCE this. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    workshopDateId: integer('workshop_date_id').notNull().references(() => workshopDates.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    discountCode: text('discount_code').notNull().default(''),
    originalPriceCents: integer('original_price_cents').notNull(),
    discountAmountCents: integer('discount_amount_cents').notNull().default(0),
    finalPriceCents: integer('final_price_cents').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    /** The booking's place in its lifecycle (docs/decisions/008-booking-lifecycle.md). */
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    paymentMode: text('payment_mode', { enum: ['pay_now', 'pay_later'] }).notNull().default('pay_now'),
    /** The provider's id of the payment that paid this seat; the seats of one order share it. */
    stripePaymentId: text('stripe_payment_id'),
    hasAttended: boolean('has_attended').notNull().default(false),
    /** When the attendee first came in through their personal join link; null if never (attendance may still be set by hand). */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    subscribedToNewsletter: boolean('subscribed_to_newsletter').notNull().default(true),
    /**
     * The zone the visitor saw times in when they booked (IANA), so their e-mails and calendar text
     * show their clock beside the organiser's; null when the browser told us none.
     */
    timeZone: text('time_zone'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A reservation's seat is released at this instant unless it is paid first; null otherwise. */
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
    /**
     * A pay-later reservation whose address has not been confirmed through the link it was sent:
     * until it is, it holds its seat only as long as a checkout's hold (SEAT_HOLD_MINUTES), so
     * reservations made with invented addresses cannot keep a date's seats.
     */
    awaitingEmailConfirmation: boolean('awaiting_email_confirmation').notNull().default(false),
    /** When the 'pay soon' reminder for this reservation was queued (once). */
    reservationRemindedAt: timestamp('reservation_reminded_at', { withTimezone: true }),
    /** Set when an admin deleted it: the row stays so its payment keeps its booking. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bookings_reservation_expiry_idx').on(t.reservationExpiresAt).where(sql`${t.status} = 'reserved'`),
    index('bookings_email_idx').on(sql`lower(${t.email})`),
    index('bookings_workshop_date_idx').on(t.workshopDateId),
    index('bookings_order_idx').on(t.orderId),
    index('bookings_payment_idx').on(t.stripePaymentId),
    check('bookings_amounts_valid', sql`${t.finalPriceCents} >= 0 AND ${t.discountAmountCents} >= 0 AND ${t.originalPriceCents} >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    workshopDateId: integer('workshop_date_id').notNull().references(() => workshopDates.id, { onDelete: 'restrict' }),
    /** The order it pays: one payment, one order; an order paid later may see several tries. */
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /**
     * requires_payment → succeeded (it pays a booking) | refunding → refunded (it cannot, or no
     * longer does) | canceled (never paid). See docs/decisions/008-booking-lifecycle.md.
     */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('requires_payment'),
    /** Why a payment is being or was refunded in full (REFUND_REASONS); null otherwise. */
    refundReason: text('refund_reason'),
    providerRefundId: text('provider_refund_id'),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountCents} >= 0`),
    index('payments_order_idx').on(t.orderId),
    // The refund sweep finds payments whose refund is still to be sent.
    index('payments_refunding_idx').on(t.status).where(sql`${t.status} = 'refunding'`),
  ],
);

/**
 * The refunds ledger: one row per refund the payment provider took, partial or whole, with the
 * order and (for one seat's share) the seat it was for, why, and who decided it. An order's money
 * back is the sum of its rows, never more than its payment took.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    /** The seat whose share this was; null when the whole payment went back. */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id').notNull().references(() => payments.id, { onDelete: 'restrict' }),
    /** The provider's refund id: a retry that the provider answers with the same refund adds no row. */
    providerRefundId: text('provider_refund_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    /** Why: the cancellation policy, an admin's cancel, an approved request, or a payment that could not book. */
    reason: text('reason').notNull(),
    /** Who decided it: an admin's e-mail, or the system (the cancellation policy, the checkout). */
    actor: text('actor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('refunds_amount_positive', sql`${t.amountCents} > 0`), index('refunds_order_idx').on(t.orderId), index('refunds_booking_idx').on(t.bookingId)],
);

/** Webhook events already handled, so a redelivery changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] }).notNull().default('PENDING'),
    notes: text('notes'),
    /** The refund owed when a cancellation decided it (policy or admin); null: decided on review. */
    amountCents: integer('amount_cents'),
    providerRefundId: text('provider_refund_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  // One request per booking.
  (t) => [uniqueIndex('refund_requests_booking_unique').on(t.bookingId)],
);

export const participantProfiles = pgTable('participant_profiles', {
  id: serial('id').primaryKey(),
  bookingId: integer('booking_id').notNull().unique().references(() => bookings.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  preferences: text('preferences').notNull().default(''),
  profileImageUrl: text('profile_image_url'),
  updatedAt: updatedAt(),
});

/** Reminders already sent, so several instances send each one once. */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['24h', '1h'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('booking_reminders_unique').on(t.bookingId, t.kind)],
);

export const workshopAssets = pgTable(
  'workshop_assets',
  {
    id: serial('id').primaryKey(),
    /** Null: the asset belongs to every workshop. */
    workshopDateId: integer('workshop_date_id').references(() => workshopDates.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', { enum: ['slides', 'tips'] }).notNull(),
    content: text('content').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('workshop_assets_workshop_idx').on(t.workshopDateId, t.sortOrder)],
);

// ---------------------------------------------------------------- messages and notes

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /** When the organiser last answered it from the admin (a conversation may hold several replies); null while unanswered. */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_unread_idx').on(t.isRead, t.createdAt)],
);

export const strategyNotes = pgTable('strategy_notes', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  category: text('category', { enum: ['preparation', 'presentation', 'activities', 'resources', 'feedback'] }),
  isArchived: boolean('is_archived').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- content

export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    profileImageUrl: text('profile_image_url'),
    role: text('role'),
    organization: text('organization'),
    sortOrder: integer('sort_order'),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('testimonials_public_idx').on(t.isPublished, t.sortOrder)],
);

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    emailFormEnabled: boolean('email_form_enabled').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('announcements_public_idx').on(t.isPublished, t.sortOrder)],
);

export const announcementInterest = pgTable(
  'announcement_interest',
  {
    id: serial('id').primaryKey(),
    announcementId: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('announcement_interest_unique').on(t.announcementId, t.email)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt'),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    featuredImageUrl: text('featured_image_url'),
    authorName: text('author_name').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_public_idx').on(t.isPublished, t.publishedAt)],
);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  source: text('source', { enum: ['booking', 'contact', 'admin', 'import'] }).notNull(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Uploaded images, bytes included, so every instance serves every image and a backup holds them
 * (docs/decisions/010-operations.md). `data` is null only for a row made before images moved into
 * the database (or restored from a backup of that time) whose file in DATA_DIR/uploads has not
 * been moved in yet; start-up moves it.
 */
export const uploadedFiles = pgTable('uploaded_files', {
  id: serial('id').primaryKey(),
  storedName: text('stored_name').notNull().unique(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  data: bytea('data'),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- e-mail

export const emailTemplates = pgTable('email_templates', {
  id: serial('id').primaryKey(),
  type: text('type').notNull().unique(),
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  bccAdmin: boolean('bcc_admin').notNull().default(false),
  updatedAt: updatedAt(),
});

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    bcc: text('bcc'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text'),
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    /**
     * The tokens of its links, to sign as it is sent: subject and bodies hold a placeholder where
     * each goes, so this table holds no token that signs in or pays (src/server/email/sealed-tokens.ts).
     * Null: a row from before tokens were sealed, still to be sealed at start-up.
     */
    sealedTokens: jsonb('sealed_tokens').$type<{ placeholder: string; purpose: string; subject: string; expiresAt: number }[]>(),
    /** Which template or feature made it, for the admin's outbox view. */
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The message to a date's people this e-mail is one copy of, so the date's log shows its delivery. */
    dateMessageId: integer('date_message_id').references((): AnyPgColumn => dateMessages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_date_message_idx').on(t.dateMessageId).where(sql`${t.dateMessageId} is not null`),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // Start-up looks for rows still to seal: an empty index once they are done.
    index('email_outbox_unsealed_idx').on(t.id).where(sql`${t.sealedTokens} is null`),
  ],
);

// ---------------------------------------------------------------- administration

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  /** Secrets inside are encrypted with APP_SECRET before they are stored. */
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(true),
  /** Encrypted TOTP secret; null until the second factor is turned on. */
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random token: a leaked table does not hand out sessions. */
    idHash: text('id_hash').primaryKey(),
    kind: text('kind', { enum: ['admin', 'participant'] }).notNull(),
    adminUserId: integer('admin_user_id').references((): AnyPgColumn => adminUsers.id, { onDelete: 'cascade' }),
    participantEmail: text('participant_email'),
    /** Set while a login waits for its second factor. */
    pendingSecondFactor: boolean('pending_second_factor').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expiry_idx').on(t.expiresAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** Short leases for jobs that must run on one instance at a time (reminders, backups, hold expiry). */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

/**
 * Requests counted by the per-address rate limits (src/server/lib/rate-limit-store.ts): one row per
 * key (route and client address) and fixed window, so every instance counts into the same row.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  // windowEnd: the sweep deletes windows that are over.
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_hits_window_end_idx').on(t.windowEnd)],
);

/**
 * The demo payment provider's own ledger: what Stripe would know about an
 * intent, kept in the database so every instance sees the same truth.
 */
export const demoPaymentIntents = pgTable('demo_payment_intents', {
  id: text('id').primaryKey(),
  // No client secret is stored: the demo provider derives it from the id with APP_SECRET.
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: text('status', { enum: ['requires_payment', 'processing', 'succeeded', 'canceled', 'failed'] }).notNull().default('requires_payment'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The demo provider's refunds, one row each, so that a refund asked again with its idempotency key
 * is the same refund (as Stripe's are) and is not counted twice in `refunded_cents`.
 */
export const demoRefunds = pgTable('demo_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => demoPaymentIntents.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  createdAt: createdAt(),
});

/**
 * The waiting list (docs/decisions/019-waiting-list.md): people in line for a booked-out date, or
 * for the next date of a workshop that has room (templateId set, workshopDateId null until an
 * offer names a date). An offered entry holds its seats in its date's seats_taken until
 * offerExpiresAt; the date's row is always locked before its entries.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    workshopDateId: integer('workshop_date_id').references(() => workshopDates.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => workshopTemplates.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    seats: integer('seats').notNull().default(1),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** A seat's price on the date when the offer was made: the offer books at it. */
    offerSeatCents: integer('offer_seat_cents'),
    /** When the offer's e-mail was queued; null while an offer still waits for it (see sendOfferEmails). */
    offerEmailedAt: timestamp('offer_emailed_at', { withTimezone: true }),
    /** The order opened from the offer (pending while its person pays), then the order that booked it. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    timeZone: text('time_zone'),
    createdAt: createdAt(),
  },
  (t) => [
    check('waitlist_seats_range', sql`${t.seats} BETWEEN 1 AND ${sql.raw(String(MAX_SEATS_PER_ORDER))}`),
    check('waitlist_names_a_date_or_workshop', sql`${t.workshopDateId} IS NOT NULL OR ${t.templateId} IS NOT NULL`),
    check('waitlist_offer_complete', sql`${t.status} <> 'offered' OR (${t.workshopDateId} IS NOT NULL AND ${t.offerExpiresAt} IS NOT NULL AND ${t.offerSeatCents} IS NOT NULL)`),
    index('waitlist_live_by_date_idx').on(t.workshopDateId, t.id).where(sql`${t.status} IN ('waiting', 'offered')`),
    index('waitlist_live_by_template_idx').on(t.templateId, t.id).where(sql`${t.status} = 'waiting' AND ${t.workshopDateId} IS NULL`),
    index('waitlist_offer_expiry_idx').on(t.offerExpiresAt).where(sql`${t.status} = 'offered'`),
    index('waitlist_email_idx').on(sql`lower(${t.email})`),
  ],
);

// ---------------------------------------------------------------- a date's people: messages, schedule, poll

/**
 * One message sent to everyone on a date (by the organiser, by its schedule, or because the date
 * changed, was called off or its poll chose a day): what was sent, to how many distinct addresses.
 * Each copy is an outbox row naming it (email_outbox.date_message_id), which tells its delivery.
 */
export const dateMessages = pgTable(
  'date_messages',
  {
    id: serial('id').primaryKey(),
    workshopDateId: integer('workshop_date_id').notNull().references(() => workshopDates.id, { onDelete: 'cascade' }),
    /** 'message' (by hand), 'scheduled', 'date-changed', 'called-off', 'poll-opened', 'poll-chosen'. */
    kind: text('kind').notNull().default('message'),
    subject: text('subject').notNull(),
    /** The body as written, placeholders unfilled; each copy is filled for its person. */
    html: text('html').notNull(),
    recipients: integer('recipients').notNull().default(0),
    /** An admin's e-mail, or 'the system (…)' for a scheduled or automatic one. */
    sentBy: text('sent_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('date_messages_date_idx').on(t.workshopDateId, t.id)],
);

/**
 * A message a date sends by itself at a moment relative to its start (offsetMinutes: -1440 is a
 * day before, 1440 a day after). The moment follows the date when it moves; it is sent once
 * (sentAt), to whoever holds a live seat then.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: serial('id').primaryKey(),
    workshopDateId: integer('workshop_date_id').notNull().references(() => workshopDates.id, { onDelete: 'cascade' }),
    offsetMinutes: integer('offset_minutes').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    dateMessageId: integer('date_message_id').references(() => dateMessages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('scheduled_messages_due_idx').on(t.workshopDateId).where(sql`${t.sentAt} is null`)],
);

/** A candidate day and time for a TBC date, which its participants vote on. */
export const datePollOptions = pgTable(
  'date_poll_options',
  {
    id: serial('id').primaryKey(),
    workshopDateId: integer('workshop_date_id').notNull().references(() => workshopDates.id, { onDelete: 'cascade' }),
    /** As the workshop form spells them ('July 4, 2031', '10:00 AM - 12:00 PM'), in the date's zone. */
    date: text('date').notNull(),
    time: text('time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('date_poll_options_date_idx').on(t.workshopDateId)],
);

/** A seat's participant says this option suits them. */
export const datePollVotes = pgTable(
  'date_poll_votes',
  {
    optionId: integer('option_id').notNull().references(() => datePollOptions.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.bookingId] }), index('date_poll_votes_booking_idx').on(t.bookingId)],
);

// ---------------------------------------------------------------- follow-up calls

/**
 * A one-on-one call a confirmed seat booked with the organiser after its workshop
 * (docs/decisions/023-follow-up-calls.md). A booked call owns its time: no two booked calls start
 * at the same instant (the unique index; overlaps with the buffer are refused under a lock). A
 * call is never deleted: cancelling keeps the row, so its calendar event can be withdrawn and the
 * history read.
 */
export const followUpCalls = pgTable(
  'follow_up_calls',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] }).notNull().default('booked'),
    /** The organiser's meeting link when the call was booked: later changes of the setting do not move it. */
    meetingLink: text('meeting_link'),
    /** How many times the call moved: its calendar event's SEQUENCE. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** 'participant', 'organiser', or 'seat' (its seat was cancelled, refunded or deleted). */
    cancelledBy: text('cancelled_by'),
    /** The organiser's words to the participant, when the organiser cancelled. */
    cancelMessage: text('cancel_message'),
    /** A call its seat's end cancelled, whose e-mails the calls sweep has still to send. */
    noticePending: boolean('notice_pending').notNull().default(false),
    /** When the day-before reminders were queued. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('follow_up_calls_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('follow_up_calls_one_per_start_idx').on(t.startsAt).where(sql`${t.status} = 'booked'`),
    index('follow_up_calls_booking_idx').on(t.bookingId),
    index('follow_up_calls_notice_idx').on(t.id).where(sql`${t.noticePending}`),
  ],
);
