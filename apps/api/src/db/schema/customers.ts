/**
 * Customers of a chain and how they sign in: one-time codes (each row is also one send event, so
 * the per-phone and per-IP limits survive restarts), access tokens, and the development SMS outbox.
 * Codes and tokens are stored only as hashes.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { shipperIdColumn } from './catalog.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipperId: shipperIdColumn(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    registrationSource: text('registration_source').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [unique('customers_shipper_phone_unique').on(t.shipperId, t.phone)],
);
export type CustomerRow = typeof customers.$inferSelect;

export const OTP_PURPOSES = ['login', 'register', 'phone-change'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipperId: shipperIdColumn(),
    /** Where the code went (for a phone change: the new number). */
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    /** HMAC-SHA256(OTP_SECRET, shipper:purpose:phone:code), hex. */
    codeHash: text('code_hash').notNull(),
    /** Phone change: whose number changes. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** Registration: the name the customer gave, kept here until the code is confirmed. */
    pendingName: text('pending_name'),
    /** The client address that asked for it. */
    ip: text('ip').notNull(),
    /**
     * What the per-address send limit counts by: addressBucket(ip), an IPv6 address's /64 (one
     * subscriber's prefix), an IPv4 address as is.
     */
    ipBucket: text('ip_bucket').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamptz('used_at'),
    /** Set when a newer code replaced it, or its send failed but may have gone out (still counted). */
    voidedAt: timestamptz('voided_at'),
    /** Set when the provider certainly did not send the SMS (a refusal): never valid, and not counted against the send limits. */
    failedAt: timestamptz('failed_at'),
  },
  (t) => [
    index('otp_codes_phone_created_idx').on(t.phone, t.createdAt),
    index('otp_codes_ip_bucket_created_idx').on(t.ipBucket, t.createdAt),
    // The global SMS budget counts every send of the last hour and day.
    index('otp_codes_created_idx').on(t.createdAt),
    check('otp_codes_purpose_check', sql`${t.purpose} in ('login', 'register', 'phone-change')`),
    check('otp_codes_attempts_check', sql`${t.attempts} between 0 and 5`),
  ],
);
export type OtpCodeRow = typeof otpCodes.$inferSelect;

export const customerTokens = pgTable(
  'customer_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex: a leaked table does not sign anyone in. */
    tokenHash: text('token_hash').notNull().unique('customer_tokens_hash_unique'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('customer_tokens_customer_idx').on(t.customerId)],
);

/** What the 'outbox' SMS provider "sent": read back at GET /v1/dev/sms-outbox in development. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('sms_outbox_phone_created_idx').on(t.phone, t.createdAt)],
);
