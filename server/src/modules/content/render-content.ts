import {
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
  type VideoTutorialsResponse,
} from '@tessera/domain';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { sanitizeRichText, stripTags } from './sanitize';

/**
 * The public answers of the content service, over any source of entries: the live ones (the
 * service, cached) or the editor's drafts laid over them (the preview, ADR 025).
 */

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

/** Reads the stored rows of `key` in the given locales. */
export type EntryReader = (key: string, locales: string[]) => Promise<{ locale: string; value: unknown }[]>;

/** The entry of `key` in `locale` from `read`, completed from Greek; NOT_FOUND when neither exists. */
export async function entryFrom(read: EntryReader, key: string, locale: Locale): Promise<unknown> {
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
export function renderers(getEntry: (key: string, locale: Locale) => Promise<unknown>, now: () => Date) {
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
