import { randomBytes } from 'node:crypto';
import {
  emailGreeting,
  ErrorCodesResponseSchema,
  FaqsResponseSchema,
  FooterResponseSchema,
  MenuResponseSchema,
  NotificationsContentResponseSchema,
  PageSchema,
  VideoTutorialsResponseSchema,
  foldForSearch,
  NOTIFICATION_TARGETS,
  notificationShown,
  type FaqGroup,
  type FooterResponse,
  type Locale,
  type MenuResponse,
  type NotificationsContentResponse,
  type Page,
  type SubmitContactRequest,
  type VideoTutorialsResponse,
} from '@tessera/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import { AppError, type ErrorCatalogue, type ValidationKey } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { createContentEditing } from './editing';
import { findEntries, insertContactMessage, upsertEntry } from './repository';
import { sanitizeRichText, stripTags } from './sanitize';

/** Content changes rarely; each instance keeps a short-lived copy so a page view costs no query. */
const CACHE_MS = 30_000;

type CacheEntry = { expires: number; value: unknown };

/**
 * Fills what the English entry lacks from the Greek one (STYLE: fall back to Greek when an English
 * text is missing): missing keys and empty strings are taken from Greek; arrays are taken whole.
 */
export function withFallback(primary: unknown, fallback: unknown): unknown {
  if (primary === undefined || primary === null || primary === '') return fallback;
  if (Array.isArray(primary)) return primary.length > 0 ? primary : (fallback ?? primary);
  if (typeof primary === 'object' && typeof fallback === 'object' && fallback && !Array.isArray(fallback)) {
    const merged: Record<string, unknown> = { ...(fallback as Record<string, unknown>) };
    for (const [key, value] of Object.entries(primary as Record<string, unknown>)) {
      merged[key] = withFallback(value, (fallback as Record<string, unknown>)[key]);
    }
    return merged;
  }
  return primary;
}

function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Reads the stored rows of `key` in the given locales. */
export type EntryReader = (key: string, locales: string[]) => Promise<{ locale: string; value: unknown }[]>;

/** The entry of `key` in `locale` from `read`, completed from Greek; NOT_FOUND when neither exists. */
async function entryFrom(read: EntryReader, key: string, locale: Locale): Promise<unknown> {
  const rows = await read(key, locale === 'el' ? ['el'] : [locale, 'el']);
  const own = rows.find((row) => row.locale === locale)?.value;
  const greek = rows.find((row) => row.locale === 'el')?.value;
  if (own === undefined && greek === undefined) throw new AppError('NOT_FOUND', `no content ${key}`);
  return locale === 'el' ? greek : withFallback(own, greek);
}

/** Who asks for the CMS notifications: the bell's audience and, for a company user, their companies. */
export type NotificationViewer = { audience: 'company' | 'merchant'; companyIds: readonly string[] };

const StoredNotificationsSchema = z.object({
  umbracoNotifications: z.array(
    z.looseObject({
      target: z.enum(NOTIFICATION_TARGETS).optional(),
      companyId: z.string().nullable().optional(),
    }),
  ),
});

/**
 * The public answers of the content service over one source of entries (the live ones, or the
 * editor's drafts for a preview): parsed against the contracts in `domain/`, rich text sanitised.
 */
function renderers(getEntry: (key: string, locale: Locale) => Promise<unknown>, now: () => Date) {
  async function getParsed<T extends z.ZodType>(schema: T, key: string, locale: Locale): Promise<z.infer<T>> {
    const value = await getEntry(key, locale);
    const parsed = schema.safeParse({ success: true, ...(value as object) });
    if (!parsed.success)
      throw new AppError('INTERNAL', `content ${key}/${locale} is malformed: ${parsed.error.message}`);
    return parsed.data;
  }

  /**
   * One notification list with its targets: the `notifications` entry carries every target (ADR
   * 025); the older `merchant-notifications` entry is the merchants' own.
   */
  async function notificationList(key: string, locale: Locale, viewer: NotificationViewer | null) {
    const raw = await getEntry(key, locale);
    const content = await getParsed(NotificationsContentResponseSchema, key, locale);
    const targets = StoredNotificationsSchema.safeParse(raw);
    const at = now();
    return content.umbracoNotifications.filter((item, index) => {
      if (viewer === null) return true;
      const stored = targets.success ? targets.data.umbracoNotifications[index] : undefined;
      const target = key === 'merchant-notifications' ? ('merchants' as const) : stored?.target;
      return notificationShown({ ...item, target, companyId: stored?.companyId ?? null }, viewer, at);
    });
  }

  return {
    getMenu(locale: Locale, audience: 'company' | 'merchant' = 'company'): Promise<MenuResponse> {
      return getParsed(MenuResponseSchema, audience === 'merchant' ? 'merchant-menu' : 'menu', locale);
    },

    getFooter(locale: Locale, audience: 'company' | 'merchant' = 'company'): Promise<FooterResponse> {
      return getParsed(FooterResponseSchema, audience === 'merchant' ? 'merchant-footer' : 'footer', locale);
    },

    async getPage(slug: string, locale: Locale): Promise<Page> {
      if (!/^[a-z0-9-]{1,80}$/.test(slug)) throw new AppError('NOT_FOUND', `bad slug ${slug}`);
      const value = await getEntry(`pages/${slug}`, locale);
      const parsed = PageSchema.safeParse(value);
      if (!parsed.success) throw new AppError('INTERNAL', `page ${slug} is malformed`);
      const page = parsed.data;
      return {
        ...page,
        title: stripTags(page.title),
        summary: stripTags(page.summary),
        bodyHtml: sanitizeRichText(page.bodyHtml),
        sections: page.sections.map((section) => ({
          ...section,
          title: stripTags(section.title),
          text: stripTags(section.text),
        })),
      };
    },

    /** FAQ groups; `query` keeps the questions whose question or answer contains it, ignoring accents and case. */
    async getFaqs(locale: Locale, audience: 'company' | 'merchant', query = ''): Promise<FaqGroup[]> {
      const { groups } = await getParsed(
        FaqsResponseSchema,
        audience === 'merchant' ? 'merchant-faqs' : 'faqs',
        locale,
      );
      const needle = foldForSearch(query);
      return groups
        .map((group) => ({
          ...group,
          items: group.items
            .map((item) => ({
              ...item,
              question: stripTags(item.question),
              answerHtml: sanitizeRichText(item.answerHtml),
            }))
            .filter(
              (item) =>
                needle === '' ||
                foldForSearch(item.question).includes(needle) ||
                foldForSearch(stripTags(item.answerHtml)).includes(needle) ||
                foldForSearch(group.title).includes(needle),
            ),
        }))
        .filter((group) => group.items.length > 0);
    },

    getVideoTutorials(locale: Locale): Promise<VideoTutorialsResponse> {
      return getParsed(VideoTutorialsResponseSchema, 'video-tutorials', locale);
    },

    /**
     * The CMS notifications and the bell's texts of one audience, as `viewer` may see them now:
     * within their window (start to end), and aimed at them (ADR 025): a company user sees the
     * ones for every company and for their own; a merchant the merchants' ones. The bell's texts
     * come from the audience's own entry. A null viewer (the editor's preview) sees every one.
     */
    async getNotifications(
      locale: Locale,
      audience: 'company' | 'merchant' = 'company',
      viewer: NotificationViewer | null = { audience, companyIds: [] },
    ): Promise<NotificationsContentResponse> {
      const own = audience === 'merchant' ? 'merchant-notifications' : 'notifications';
      const texts = await getParsed(NotificationsContentResponseSchema, own, locale);
      const items =
        audience === 'merchant'
          ? [
              ...(await notificationList('merchant-notifications', locale, viewer)),
              ...(await notificationList('notifications', locale, viewer)),
            ]
          : await notificationList('notifications', locale, viewer);
      return {
        success: true,
        translations: texts.translations,
        umbracoNotifications: items.map((item) => ({
          notificationId: item.notificationId,
          title: stripTags(item.title),
          excerpt: stripTags(item.excerpt),
          logo: item.logo,
          link: item.link,
          notificationDateTime: item.notificationDateTime,
          notificationEndDateTime: item.notificationEndDateTime,
        })),
      };
    },

    async getErrorCodes(locale: Locale) {
      return getParsed(ErrorCodesResponseSchema, 'error-codes', locale);
    },
  };
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
