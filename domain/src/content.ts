import { z } from 'zod';

/**
 * Content service contracts (SPEC §3 menu item, footer, notifications; §7 content calls).
 * Every content response is per culture; English falls back to Greek where a text is missing.
 */

export const LinkSchema = z.object({
  id: z.string(),
  pageType: z.string(),
  title: z.string(),
  url: z.string(),
  href: z.string().optional(),
  target: z.enum(['_self', '_blank']).default('_self'),
  isExternalPage: z.boolean(),
});
export type Link = z.infer<typeof LinkSchema>;

export type MenuItem = {
  link: Link;
  text: string;
  level: number;
  active: boolean;
  children: MenuItem[];
  href: string;
  systemName: string;
};
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    link: LinkSchema,
    text: z.string(),
    level: z.number().int(),
    active: z.boolean(),
    children: z.array(MenuItemSchema),
    href: z.string(),
    systemName: z.string(),
  }),
);

export const ProfileMenuTextsSchema = z.object({
  personalAccount: z.string(),
  companyAccount: z.string(),
  allCompanies: z.string(),
  selectCompany: z.string(),
  newDeliveryPoint: z.string(),
  logOut: z.string(),
});
export type ProfileMenuTexts = z.infer<typeof ProfileMenuTextsSchema>;

/** `GET /api/content/menu` and `GET /api/content/merchant-menu`. */
export const MenuResponseSchema = z.object({
  success: z.literal(true),
  main_menu: z.array(MenuItemSchema),
  phoneNumberLink: LinkSchema,
  profileMenu: ProfileMenuTextsSchema,
});
export type MenuResponse = z.infer<typeof MenuResponseSchema>;

export const SOCIAL_NETWORKS = ['instagram', 'linkedin', 'facebook', 'youtube'] as const;
export const SocialLinkSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  title: z.string(),
  url: z.string(),
});

/** `GET /api/content/footer` and `GET /api/content/merchant-footer`. */
export const FooterResponseSchema = z.object({
  success: z.literal(true),
  footerColumns: z.array(z.object({ columnTitle: z.string(), columnLinks: z.array(LinkSchema) })),
  bottomLinks: z.array(LinkSchema),
  socialLinks: z.array(SocialLinkSchema),
  copyright: z.string(),
});
export type FooterResponse = z.infer<typeof FooterResponseSchema>;

export const PageSectionSchema = z.object({
  title: z.string(),
  text: z.string(),
  href: z.string().optional(),
  linkText: z.string().optional(),
  icon: z.string().optional(),
});

/**
 * A page by slug (`GET /api/content/pages/{slug}`): home, login, not-found, contact, about, terms…
 * `bodyHtml` is rich text already sanitised with the server's allow-list.
 */
export const PageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string().default(''),
  bodyHtml: z.string().default(''),
  sections: z.array(PageSectionSchema).default([]),
  texts: z.record(z.string(), z.string()).default({}),
});
export type Page = z.infer<typeof PageSchema>;
export const PageResponseSchema = z.object({ success: z.literal(true), page: PageSchema });
export type PageResponse = z.infer<typeof PageResponseSchema>;

export const FaqItemSchema = z.object({ id: z.string(), question: z.string(), answerHtml: z.string() });
export const FaqGroupSchema = z.object({ id: z.string(), title: z.string(), items: z.array(FaqItemSchema) });
/** `GET /api/content/faqs?q=&audience=company|merchant`: grouped; `q` filters ignoring accents. */
export const FaqsResponseSchema = z.object({ success: z.literal(true), groups: z.array(FaqGroupSchema) });
export type FaqsResponse = z.infer<typeof FaqsResponseSchema>;
export type FaqGroup = z.infer<typeof FaqGroupSchema>;

export const VideoTutorialSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  videoUrl: z.string(),
  durationSeconds: z.number().int(),
  category: z.string(),
});
export const VideoTutorialsResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(VideoTutorialSchema),
});
export type VideoTutorialsResponse = z.infer<typeof VideoTutorialsResponseSchema>;

/** A CMS notification (SPEC §3). */
export const CmsNotificationSchema = z.object({
  notificationId: z.string(),
  title: z.string(),
  excerpt: z.string(),
  logo: z.string().nullable(),
  link: LinkSchema.nullable(),
  notificationDateTime: z.string(),
  notificationEndDateTime: z.string().nullable(),
});
export type CmsNotification = z.infer<typeof CmsNotificationSchema>;

export const NotificationTextsSchema = z.object({
  title: z.string(),
  tabAll: z.string(),
  tabExpiring: z.string(),
  viewAll: z.string(),
  empty: z.string(),
  emptyExpiring: z.string(),
});
export type NotificationTexts = z.infer<typeof NotificationTextsSchema>;

/** `GET /api/content/notifications`: reads `umbracoNotifications` and the translation texts (SPEC §7). */
export const NotificationsContentResponseSchema = z.object({
  success: z.literal(true),
  umbracoNotifications: z.array(CmsNotificationSchema),
  translations: NotificationTextsSchema,
});
export type NotificationsContentResponse = z.infer<typeof NotificationsContentResponseSchema>;

/** `GET /api/content/error-codes`: reads `errorCodes` (SPEC §7). */
export const ErrorCodesResponseSchema = z.object({
  success: z.literal(true),
  errorCodes: z.array(z.object({ errorCode: z.number().int(), errorCodeMessage: z.string() })),
});
export type ErrorCodesResponse = z.infer<typeof ErrorCodesResponseSchema>;

/** `POST /api/content/contact` (SubmitContact). Field messages are catalogue keys, translated by the server. */
export const CONTACT_SUBJECTS = ['orders', 'cards', 'payments', 'merchant', 'account', 'other'] as const;
export const SubmitContactRequestSchema = z.object({
  name: z.string().trim().min(2).max(120),
  email: z.email().max(200),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+0-9 ()-]*$/)
    .optional()
    .default(''),
  company: z.string().trim().max(200).optional().default(''),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string().trim().min(10).max(5000),
});
export type SubmitContactRequest = z.infer<typeof SubmitContactRequestSchema>;
export const SubmitContactResponseSchema = z.object({ success: z.literal(true), ticketId: z.string() });

export const HealthResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
});
/** `GET /api/health/live`: the process serves HTTP (it asks nothing of the database). */
export const LivenessResponseSchema = z.object({ success: z.literal(true), status: z.literal('ok') });
/** `GET /api/health/ready`: the database and the job queue answer. */
export const ReadinessResponseSchema = LivenessResponseSchema.extend({
  database: z.literal('ok'),
  jobs: z.literal('ok'),
});
