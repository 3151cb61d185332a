import { z } from 'zod';
import {
  CmsNotificationSchema,
  FooterResponseSchema,
  MenuResponseSchema,
  NotificationTextsSchema,
  PageSectionSchema,
  VideoTutorialSchema,
} from './content';

/**
 * Content editing (issue 18 §5, docs/decisions/025-content-editing.md): what the provider's admin
 * edits per culture, versioned as drafts that are previewed in both languages and then published.
 */

/** The kinds of content the editor offers; every kind but `pages` is one entry key. */
export const CONTENT_KINDS = [
  'faqs',
  'merchant-faqs',
  'pages',
  'menu',
  'footer',
  'merchant-menu',
  'merchant-footer',
  'error-codes',
  'notifications',
  'merchant-notifications',
  'video-tutorials',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** A page's key: `pages/<slug>`, the slug as the public `page/:slug` route takes it. */
export const PAGE_KEY = /^pages\/[a-z0-9-]{1,80}$/;

/** The kind of an editable key, or null when the editor does not offer the key. */
export function contentKindOf(key: string): ContentKind | null {
  if (PAGE_KEY.test(key)) return 'pages';
  return (CONTENT_KINDS as readonly string[]).includes(key) && key !== 'pages' ? (key as ContentKind) : null;
}

/** Who sees a CMS notification: every company, one company, or the merchants. */
export const NOTIFICATION_TARGETS = ['companies', 'company', 'merchants'] as const;
export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number];

const Text = (max: number) => z.string().trim().min(1).max(max);
const RichHtml = z.string().max(50_000);

/**
 * A CMS notification as stored: the public fields with its window (`notificationDateTime` starts it,
 * `notificationEndDateTime` ends it, null for open-ended) and its target; `companyId` names the
 * company of a `company` target.
 */
export const StoredCmsNotificationSchema = CmsNotificationSchema.extend({
  notificationId: Text(120),
  title: Text(200),
  excerpt: z.string().max(1000),
  notificationDateTime: z.iso.datetime({ offset: true }),
  notificationEndDateTime: z.iso.datetime({ offset: true }).nullable(),
  target: z.enum(NOTIFICATION_TARGETS).default('companies'),
  companyId: z.string().trim().max(40).nullable().default(null),
})
  .refine((item) => item.target !== 'company' || (item.companyId ?? '') !== '', {
    path: ['companyId'],
    message: 'required',
  })
  .refine(
    (item) =>
      item.notificationEndDateTime === null ||
      Date.parse(item.notificationEndDateTime) > Date.parse(item.notificationDateTime),
    { path: ['notificationEndDateTime'], message: 'invalidValue' },
  );
export type StoredCmsNotification = z.infer<typeof StoredCmsNotificationSchema>;

const FaqsValueSchema = z.object({
  groups: z.array(
    z.object({
      id: Text(80),
      title: Text(200),
      items: z.array(z.object({ id: Text(80), question: Text(500), answerHtml: RichHtml.min(1) })),
    }),
  ),
});

const PageValueSchema = z.looseObject({
  slug: z.string().regex(/^[a-z0-9-]{1,80}$/),
  title: Text(200),
  summary: z.string().max(2000).default(''),
  bodyHtml: RichHtml.default(''),
  sections: z.array(PageSectionSchema).default([]),
  texts: z.record(z.string(), z.string()).default({}),
});

const ErrorCodesValueSchema = z.object({
  errorCodes: z.array(z.object({ errorCode: z.number().int().min(0), errorCodeMessage: Text(500) })),
});

const NotificationsValueSchema = z.object({
  umbracoNotifications: z.array(StoredCmsNotificationSchema),
  translations: NotificationTextsSchema,
});

const VideoTutorialsValueSchema = z.object({
  items: z.array(
    VideoTutorialSchema.extend({
      id: Text(80),
      title: Text(200),
      videoUrl: z.string().regex(/^(https:\/\/|\/)\S+$/),
      durationSeconds: z.number().int().min(0).max(86_400),
    }),
  ),
});

/** The stored value of each kind, as the editor saves it (the public response without `success`). */
export const CONTENT_VALUE_SCHEMAS = {
  faqs: FaqsValueSchema,
  'merchant-faqs': FaqsValueSchema,
  pages: PageValueSchema,
  menu: MenuResponseSchema.omit({ success: true }),
  'merchant-menu': MenuResponseSchema.omit({ success: true }),
  footer: FooterResponseSchema.omit({ success: true }),
  'merchant-footer': FooterResponseSchema.omit({ success: true }),
  'error-codes': ErrorCodesValueSchema,
  notifications: NotificationsValueSchema,
  'merchant-notifications': NotificationsValueSchema,
  'video-tutorials': VideoTutorialsValueSchema,
} as const satisfies Record<ContentKind, z.ZodType>;

export const CONTENT_VERSION_STATUSES = ['draft', 'published', 'superseded'] as const;
export type ContentVersionStatus = (typeof CONTENT_VERSION_STATUSES)[number];

const ContentLocale = z.enum(['el', 'en']);
/** A key as the editor names it: a kind, or `pages/<slug>`. */
export const ContentKey = z
  .string()
  .max(100)
  .refine((key) => contentKindOf(key) !== null, { message: 'invalidChoice' });

/** One version of an entry in one culture; `value` only when one version is asked for. */
export const ContentVersionSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  locale: ContentLocale,
  version: z.number().int(),
  status: z.enum(CONTENT_VERSION_STATUSES),
  author: z.object({ userId: z.string(), name: z.string() }).nullable(),
  restoredFrom: z.number().int().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type ContentVersion = z.infer<typeof ContentVersionSchema>;
export const ContentVersionWithValueSchema = ContentVersionSchema.extend({ value: z.unknown() });
export type ContentVersionWithValue = z.infer<typeof ContentVersionWithValueSchema>;

/** `GET /api/content/admin/entries`: the editable keys, with whether each culture has a draft. */
export const ContentEntriesResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(CONTENT_KINDS),
      drafts: z.array(ContentLocale),
    }),
  ),
});
export type ContentEntriesResponse = z.infer<typeof ContentEntriesResponseSchema>;

/** `GET /api/content/admin/entry?key=`: per culture, the live value and the draft (if any). */
export const ContentEntryResponseSchema = z.object({
  success: z.literal(true),
  key: z.string(),
  kind: z.enum(CONTENT_KINDS),
  locales: z.array(
    z.object({
      locale: ContentLocale,
      published: z.unknown(),
      draft: ContentVersionWithValueSchema.nullable(),
    }),
  ),
});
export type ContentEntryResponse = z.infer<typeof ContentEntryResponseSchema>;

/** `POST /api/content/admin/drafts`: a new draft of one culture (checked per kind, rich text sanitised). */
export const SaveContentDraftRequestSchema = z.object({
  key: ContentKey,
  locale: ContentLocale,
  value: z.unknown(),
});
export type SaveContentDraftRequest = z.infer<typeof SaveContentDraftRequestSchema>;
export const ContentVersionResponseSchema = z.object({
  success: z.literal(true),
  version: ContentVersionWithValueSchema,
});
export type ContentVersionResponse = z.infer<typeof ContentVersionResponseSchema>;

/** `GET /api/content/admin/preview?key=&locale=`: what the public endpoint would answer with the drafts live. */
export const ContentPreviewResponseSchema = z.object({
  success: z.literal(true),
  key: z.string(),
  locale: ContentLocale,
  preview: z.unknown(),
});
export type ContentPreviewResponse = z.infer<typeof ContentPreviewResponseSchema>;

/** `POST /api/content/admin/publish`: publishes the drafts of `key` (both cultures unless `locales`). */
export const PublishContentRequestSchema = z.object({
  key: ContentKey,
  locales: z.array(ContentLocale).min(1).max(2).optional(),
});
export type PublishContentRequest = z.infer<typeof PublishContentRequestSchema>;
export const PublishContentResponseSchema = z.object({
  success: z.literal(true),
  published: z.array(z.object({ locale: ContentLocale, version: z.number().int() })),
});
export type PublishContentResponse = z.infer<typeof PublishContentResponseSchema>;

/** `GET /api/content/admin/versions?key=&locale=`: the history, newest first. */
export const ContentVersionsResponseSchema = z.object({
  success: z.literal(true),
  versions: z.array(ContentVersionSchema),
});
export type ContentVersionsResponse = z.infer<typeof ContentVersionsResponseSchema>;

/** Whether a CMS notification is shown at `now` (its window) to `viewer` (its target). */
export function notificationShown(
  item: Pick<StoredCmsNotification, 'notificationDateTime' | 'notificationEndDateTime'> & {
    target?: NotificationTarget | undefined;
    companyId?: string | null | undefined;
  },
  viewer: { audience: 'company' | 'merchant'; companyIds: readonly string[] },
  now: Date,
): boolean {
  const start = Date.parse(item.notificationDateTime);
  if (!Number.isNaN(start) && start > now.getTime()) return false;
  if (item.notificationEndDateTime && Date.parse(item.notificationEndDateTime) <= now.getTime()) return false;
  const target = item.target ?? 'companies';
  if (viewer.audience === 'merchant') return target === 'merchants';
  if (target === 'companies') return true;
  if (target === 'company') return item.companyId != null && viewer.companyIds.includes(item.companyId);
  return false;
}
