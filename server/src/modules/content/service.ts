import { randomBytes } from 'node:crypto';
import { emailGreeting, type Locale, type SubmitContactRequest } from '@tessera/domain';
import type { Db } from '../../platform/db';
import type { ErrorCatalogue, ValidationKey } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { createContentEditing } from './editing';
import { entryFrom, renderers, type EntryReader } from './render-content';
import { findEntries, insertContactMessage, upsertEntry } from './repository';

export { withFallback, type EntryReader, type NotificationViewer } from './render-content';

/** Content changes rarely; each instance keeps a short-lived copy so a page view costs no query. */
const CACHE_MS = 30_000;

type CacheEntry = { expires: number; value: unknown };

function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export type ContentService = ReturnType<typeof createContentService>;

/**
 * The content service (`/api/content/...`): CMS entries per culture from PostgreSQL, validated
 * against the contracts in `domain/`, rich text sanitised on the way out.
 */
export function createContentService(deps: {
  db: Db;
  mailer: Mailer;
  contactInbox: string;
  publicUrl: string;
  /** The clock of the notifications' windows (tests pass their own). */
  now?: () => Date;
}) {
  const cache = new Map<string, CacheEntry>();

  /** The entry of `key` in `locale`, completed from Greek; NOT_FOUND when neither exists. */
  async function getEntry(key: string, locale: Locale): Promise<unknown> {
    const cacheKey = `${key}\u0000${locale}`;
    const hit = cache.get(cacheKey);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = await entryFrom((k, locales) => findEntries(deps.db, k, locales), key, locale);
    cache.set(cacheKey, { expires: Date.now() + CACHE_MS, value });
    return value;
  }

  const live = renderers(getEntry, deps.now ?? (() => new Date()));

  const service = {
    getEntry,
    ...live,

    /**
     * What the public endpoints would answer if the entries `read` returns were live: the editor's
     * preview of drafts (ADR 025), through the very code that serves the public pages.
     */
    renderersOver(read: EntryReader) {
      return renderers((key, locale) => entryFrom(read, key, locale), deps.now ?? (() => new Date()));
    },

    /** Replaces an entry (the CMS edit path; also used by tests) and drops cached copies. */
    async putEntry(key: string, locale: Locale, value: unknown): Promise<void> {
      await upsertEntry(deps.db, key, locale, value);
      cache.clear();
    },

    /** Forgets the cached copies (after a publish): the next request reads the database. */
    invalidate(): void {
      cache.clear();
    },

    /** Stores a contact message, then mails a receipt to the sender and a copy to support. */
    async submitContact(request: SubmitContactRequest, locale: Locale): Promise<{ ticketId: string }> {
      const ticketId = `TS-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
      await insertContactMessage(deps.db, { ticketId, ...request, locale });
      const emails = (await getEntry('emails', locale)) as Record<string, { subject: string; text: string }>;
      // The form asks for a full name: the greeting names the person by its first word.
      const params = {
        greeting: emailGreeting(request.name.trim().split(/\s+/)[0] ?? '', locale),
        name: request.name,
        ticketId,
        message: request.message,
        email: request.email,
      };
      const receipt = emails.contactReceived;
      const internal = emails.contactInternal;
      // The message is stored before mailing: a mail failure is logged by the mailer and never loses it.
      if (receipt) {
        await deps.mailer
          .send({
            to: request.email,
            subject: fill(receipt.subject, params),
            text: fill(receipt.text, params),
          })
          .catch(() => undefined);
      }
      if (internal) {
        await deps.mailer
          .send({
            to: deps.contactInbox,
            subject: fill(internal.subject, params),
            text: fill(internal.text, params),
          })
          .catch(() => undefined);
      }
      return { ticketId };
    },

    /** The error-code catalogue as the platform's error handler reads it. */
    catalogue(): ErrorCatalogue {
      return {
        errorMessage: async (code, locale) => {
          const { errorCodes } = await live.getErrorCodes(locale);
          return errorCodes.find((entry) => entry.errorCode === code)?.errorCodeMessage;
        },
        validationMessage: async (key: ValidationKey, locale, params) => {
          const value = (await getEntry('validation', locale)) as { messages?: Record<string, string> };
          const template = value.messages?.[key];
          return template === undefined ? undefined : fill(template, params);
        },
      };
    },
  };
  return {
    ...service,
    /** Drafts, preview, publish and versions of the CMS entries (issue 18 §5, ADR 025). */
    editing: createContentEditing({ db: deps.db, content: service, ...(deps.now ? { now: deps.now } : {}) }),
  };
}
