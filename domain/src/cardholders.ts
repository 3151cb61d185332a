import { z } from 'zod';

/**
 * The cardholder area (issue 35, ADR 046): a cardholder is a separate kind of principal, keyed by the
 * e-mail on their cards' holder records, signed in by a mailed one-time code or a passkey.
 */

export const CARDHOLDER_LOCALES = ['el', 'en'] as const;
export type CardholderLocale = (typeof CARDHOLDER_LOCALES)[number];
export const CardholderLocaleSchema = z.enum(CARDHOLDER_LOCALES);

/** What `cardholder_events` records: the sign-in and lock history care looks at. */
export const CARDHOLDER_EVENT_KINDS = [
  'code-sent',
  'sign-in',
  'sign-in-failed',
  'passkey-added',
  'passkey-removed',
  'lock',
  'unlock',
  'report-lost',
  'invited',
  'sign-out',
] as const;
export type CardholderEventKind = (typeof CARDHOLDER_EVENT_KINDS)[number];
