/**
 * Checks the seed CMS content in this folder: every el/<key>.json and en/<key>.json file is parsed
 * against the content schemas of @tessera/domain, both languages must hold the same files with the
 * same structure (ids, urls, levels…), links must point to known routes, rich text must stay inside
 * the server's HTML allow-list.
 *
 *   cd /work/main && node --import tsx server/src/db/seed/content/check.ts
 *
 * Prints one line per problem and exits with 1 when there is any.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  ORDER_EMAIL_COMMON_PLACEHOLDERS,
  ORDER_EMAIL_KINDS,
  ORDER_EMAIL_PLACEHOLDERS,
  type OrderEmailKind,
} from '../../../modules/documents';
import { VALIDATION_KEYS, type ValidationKey } from '../../../platform/errors';
import {
  ERROR_CODE,
  ErrorCodesResponseSchema,
  FaqsResponseSchema,
  FooterResponseSchema,
  LOCALES,
  MenuResponseSchema,
  NotificationsContentResponseSchema,
  PageSchema,
  SOCIAL_NETWORKS,
  PORTAL_ROUTES,
  VideoTutorialsResponseSchema,
  type ErrorCodesResponse,
  type FaqsResponse,
  type FooterResponse,
  type MenuItem,
  type MenuResponse,
  type NotificationsContentResponse,
  type Page,
  type VideoTutorialsResponse,
  RECURRING_FAILURE_REASONS,
  type RecurringFailureReason,
} from '@tessera/domain';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const problems: string[] = [];
const problem = (file: string, message: string) => problems.push(`${file}: ${message}`);

// ---------------------------------------------------------------- schemas

const str = z.string().min(1);
const ValidationSchema = z.strictObject({
  messages: z.strictObject(
    Object.fromEntries(VALIDATION_KEYS.map((key) => [key, str])) as Record<ValidationKey, typeof str>,
  ),
});
const NotificationText = z.strictObject({ title: str, excerpt: str });
const NotificationTextsSchema = z.strictObject({
  expTrc: NotificationText,
  expTrz: NotificationText,
  expSpendeo: NotificationText,
  expMybenefits: NotificationText,
  topUpTrc: NotificationText,
  topUpSpendeo: NotificationText,
  topUpMybenefits: NotificationText,
  topUpTrz: NotificationText,
  /** Returned card shipments (issue 18 §7, ADR 026). */
  shipmentReturned: NotificationText,
  /** Recurring runs that made nothing (issue 19, ADR 028). */
  recurringRunFailed: NotificationText,
  /** An order a recurring run made, awaiting payment (issue 34 §3 item 1, ADR 045). */
  recurringRunAwaitingPayment: NotificationText,
  /** Disputes of the company's cards' purchases that were resolved or rejected (issue 34 §1, ADR 043). */
  disputeChanged: NotificationText,
  /** Cards their holders reported lost or stolen, with a replacement draft (issue 35 §3, ADR 046). */
  cardReportedLost: NotificationText,
});
const Email = z.strictObject({ subject: str, text: str });
const EmailsSchema = z.strictObject({ contactReceived: Email, contactInternal: Email });
/** Identity emails (ADR 005): a new key, so databases seeded before it receive it at the next start. */
const IdentityEmailsSchema = z.strictObject({
  passwordReset: Email,
  confirmAccount: Email,
  newDevice: Email,
  // Issue 21 (ADR 031): provider staff reset the second factor.
  secondFactorReset: Email,
});
/** Order emails (ADR 010): one per step of the order timeline, in the recipient's language. */
const OrderEmailsSchema = z.strictObject(
  Object.fromEntries(ORDER_EMAIL_KINDS.map((kind) => [kind, Email])) as Record<OrderEmailKind, typeof Email>,
);

/** Recurring-load emails (issue 19, ADR 028): a failed run and the reminder, with each failure's words. */
const RecurringEmailsSchema = z.strictObject({
  runFailed: Email,
  runAwaitingPayment: Email,
  reminder: Email,
  failureReasons: z.strictObject(
    Object.fromEntries(RECURRING_FAILURE_REASONS.map((reason) => [reason, str])) as Record<
      RecurringFailureReason,
      typeof str
    >,
  ),
});

const PAGE_SLUGS = [
  'home',
  'login',
  'not-found',
  'contact',
  'terms',
  'privacy',
  'cookies',
  'merchant-contact-hours',
  'about-tessera',
  'coming-soon',
  'merchant-home',
] as const;

const SCHEMAS: Record<string, z.ZodType> = {
  menu: MenuResponseSchema.omit({ success: true }),
  'merchant-menu': MenuResponseSchema.omit({ success: true }),
  footer: FooterResponseSchema.omit({ success: true }),
  'merchant-footer': FooterResponseSchema.omit({ success: true }),
  faqs: FaqsResponseSchema.omit({ success: true }),
  'merchant-faqs': FaqsResponseSchema.omit({ success: true }),
  'video-tutorials': VideoTutorialsResponseSchema.omit({ success: true }),
  notifications: NotificationsContentResponseSchema.omit({ success: true }),
  'merchant-notifications': NotificationsContentResponseSchema.omit({ success: true }),
  'error-codes': ErrorCodesResponseSchema.omit({ success: true }),
  validation: ValidationSchema,
  'notification-texts': NotificationTextsSchema,
  emails: EmailsSchema,
  'identity-emails': IdentityEmailsSchema,
  'order-emails': OrderEmailsSchema,
  'recurring-emails': RecurringEmailsSchema,
  ...Object.fromEntries(PAGE_SLUGS.map((slug) => [`pages/${slug}`, PageSchema])),
};

// ---------------------------------------------------------------- routes (SPEC §2)

const ROUTES = new Set<string>([...PORTAL_ROUTES, ...PAGE_SLUGS.map((slug) => `/page/${slug}`)]);

function checkUrl(file: string, where: string, url: string, external: boolean | undefined) {
  if (/^(tel:\+30\d{10}|mailto:[^@\s]+@[^@\s]+)$/.test(url)) {
    if (external === true) problem(file, `${where}: ${url} is not a page, isExternalPage should be false`);
    return;
  }
  if (/^https:\/\//.test(url)) {
    if (external === false) problem(file, `${where}: ${url} is external but isExternalPage is false`);
    return;
  }
  if (external === true) problem(file, `${where}: ${url} is internal but isExternalPage is true`);
  if (/^\/en(\/|$)/.test(url)) problem(file, `${where}: ${url} must be locale-less`);
  if (!ROUTES.has(url)) problem(file, `${where}: unknown route ${url}`);
}

// ---------------------------------------------------------------- html allow-list

const ALLOWED_TAGS = new Set([
  'p',
  'h2',
  'h3',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

function checkHtml(file: string, where: string, html: string) {
  const stack: string[] = [];
  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>/g)) {
    const [, closing, rawTag, attrs] = match;
    const tag = rawTag!.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) {
      problem(file, `${where}: tag <${tag}> is not allowed`);
      continue;
    }
    const attrNames = [...attrs!.matchAll(/([a-zA-Z-]+)\s*=/g)].map((m) => m[1]!.toLowerCase());
    const allowedAttrs = tag === 'a' ? ['href'] : [];
    for (const name of attrNames) {
      if (!allowedAttrs.includes(name))
        problem(file, `${where}: attribute ${name} on <${tag}> is not allowed`);
    }
    if (tag === 'a' && !closing) {
      const href = /href="([^"]*)"/.exec(attrs!)?.[1] ?? '';
      if (!/^(https:\/\/|mailto:|tel:)/.test(href)) {
        problem(file, `${where}: link ${href} in rich text should be absolute (https, mailto or tel)`);
      }
    }
    if (tag === 'br') continue;
    if (closing) {
      const open = stack.pop();
      if (open !== tag) problem(file, `${where}: </${tag}> closes <${open ?? 'nothing'}>`);
    } else {
      stack.push(tag);
    }
  }
  if (stack.length > 0) problem(file, `${where}: unclosed <${stack.join('>, <')}>`);
  if (/<(?!\/?[a-zA-Z])/.test(html)) problem(file, `${where}: stray "<"`);
}

// ---------------------------------------------------------------- generic walks

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys the schema does not know: zod strips them silently, so compare input and output. */
function unknownKeys(file: string, input: Json, parsed: unknown, at: string) {
  if (Array.isArray(input) && Array.isArray(parsed)) {
    input.forEach((v, i) => unknownKeys(file, v, parsed[i], `${at}[${i}]`));
  } else if (isObject(input) && isObject(parsed)) {
    for (const key of Object.keys(input)) {
      if (!(key in parsed)) problem(file, `${at}.${key}: unknown key (dropped by the schema)`);
      else unknownKeys(file, input[key]!, parsed[key], `${at}.${key}`);
    }
  }
}

function walk(value: Json, visit: (node: Json, at: string, key: string) => void, at = '$', key = '') {
  visit(value, at, key);
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, visit, `${at}[${i}]`, key));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) walk(v, visit, `${at}.${k}`, k);
}

/** Values that must be identical in both languages. */
const SAME_IN_BOTH = new Set([
  'id',
  'notificationId',
  'slug',
  'url',
  'href',
  'videoUrl',
  'systemName',
  'level',
  'active',
  'target',
  'isExternalPage',
  'pageType',
  'errorCode',
  'network',
  'durationSeconds',
  'logo',
  'icon',
  'notificationDateTime',
  'notificationEndDateTime',
]);
const placeholders = (s: string) =>
  [...s.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;
/** Words pronounced as one syllable (synizesis) that rightly carry no tonos. */
const NO_TONOS = new Set(['ποιος', 'ποιου', 'ποιον', 'ποιοι', 'ποιων', 'ποιους', 'ποιες', 'ποιας']);

function compareLanguages(file: string, el: Json, en: Json, at = '$', key = '') {
  if (Array.isArray(el) || Array.isArray(en)) {
    if (!Array.isArray(el) || !Array.isArray(en)) return problem(file, `${at}: array in one language only`);
    if (el.length !== en.length) return problem(file, `${at}: ${el.length} items in el, ${en.length} in en`);
    el.forEach((v, i) => compareLanguages(file, v, en[i]!, `${at}[${i}]`, key));
    return;
  }
  if (isObject(el) || isObject(en)) {
    if (!isObject(el) || !isObject(en)) return problem(file, `${at}: object in one language only`);
    const keys = new Set([...Object.keys(el), ...Object.keys(en)]);
    for (const k of keys) {
      if (!(k in el)) problem(file, `${at}.${k}: missing in el`);
      else if (!(k in en)) problem(file, `${at}.${k}: missing in en`);
      else compareLanguages(file, el[k]!, en[k]!, `${at}.${k}`, k);
    }
    return;
  }
  if (SAME_IN_BOTH.has(key)) {
    if (el !== en)
      problem(file, `${at}: differs between languages (${JSON.stringify(el)} vs ${JSON.stringify(en)})`);
    return;
  }
  if (typeof el === 'string' && typeof en === 'string') {
    if ((el === '') !== (en === '')) problem(file, `${at}: empty in one language only`);
    if (placeholders(el) !== placeholders(en))
      problem(file, `${at}: placeholders differ ({${placeholders(el)}} vs {${placeholders(en)}})`);
    if (GREEK.test(en)) problem(file, `${at}: Greek letters in the English text`);
    const text = el.replace(/<[^>]*>/g, ' ');
    if (/[a-zA-Z]{25,}/.test(text) && !GREEK.test(text))
      problem(file, `${at}: Greek text looks untranslated`);
    // Final sigma: σ never ends a Greek word, ς never appears inside one.
    for (const word of text.match(/[\u0370-\u03ff\u1f00-\u1fff]+/g) ?? []) {
      if (/σ$/.test(word)) problem(file, `${at}: "${word}" should end in ς`);
      if (/ς./.test(word)) problem(file, `${at}: "${word}" has ς inside the word`);
    }
    // Greek words of two or more syllables carry a tonos; flag lower-case words with none.
    for (const word of text.match(/(?<![\p{L}])[\u03b1-\u03c9\u03c2]{5,}(?![\p{L}])/gu) ?? []) {
      if (NO_TONOS.has(word)) continue;
      const vowelGroups = word.match(/(αι|ει|οι|ου|υι|αυ|ευ|[αεηιουω])/g) ?? [];
      if (vowelGroups.length >= 2) problem(file, `${at}: "${word}" has no tonos`);
    }
    return;
  }
  if (el !== en)
    problem(file, `${at}: differs between languages (${JSON.stringify(el)} vs ${JSON.stringify(en)})`);
}

// ---------------------------------------------------------------- per-file checks

function checkMenuItems(
  file: string,
  items: MenuItem[],
  level: number,
  at: string,
  seen: Set<string>,
): number {
  let depth = level - 1;
  items.forEach((item, i) => {
    const where = `${at}[${i}]`;
    if (item.level !== level) problem(file, `${where}: level ${item.level}, expected ${level}`);
    if (item.href !== item.link.url)
      problem(file, `${where}: href ${item.href} differs from link.url ${item.link.url}`);
    if (item.text !== item.link.title) problem(file, `${where}: text differs from link.title`);
    if (item.active) problem(file, `${where}: active must be false in content`);
    if (seen.has(item.systemName)) problem(file, `${where}: duplicate systemName ${item.systemName}`);
    seen.add(item.systemName);
    depth = Math.max(depth, level, checkMenuItems(file, item.children, level + 1, `${where}.children`, seen));
  });
  if (level > 3 && items.length > 0) problem(file, `${at}: menus go three levels deep at most`);
  return depth;
}

function checkFile(key: string, lang: string, data: Json, output: unknown) {
  const file = `${lang}/${key}.json`;
  unknownKeys(file, data, output, '$');

  // Links and hrefs anywhere in the file.
  walk(data, (node, at) => {
    if (isObject(node) && 'url' in node && 'isExternalPage' in node) {
      const url = String(node.url);
      checkUrl(file, at, url, node.isExternalPage as boolean);
      if (node.isExternalPage === true && node.target !== '_blank')
        problem(file, `${at}: external link should open in _blank`);
      if (node.isExternalPage === false && node.target !== '_self')
        problem(file, `${at}: internal link should open in _self`);
      if ('href' in node && node.href !== url) problem(file, `${at}: href differs from url`);
    } else if (isObject(node) && 'href' in node && typeof node.href === 'string' && !('link' in node)) {
      checkUrl(file, at, node.href, undefined);
    }
  });
  // Rich text.
  walk(data, (node, at, k) => {
    if ((k === 'bodyHtml' || k === 'answerHtml') && typeof node === 'string') checkHtml(file, at, node);
  });
  // Ids unique within the file.
  const ids = new Map<string, string>();
  walk(data, (node, at, k) => {
    if ((k === 'id' || k === 'notificationId') && typeof node === 'string') {
      if (ids.has(node)) problem(file, `${at}: duplicate id ${node} (also at ${ids.get(node)})`);
      ids.set(node, at);
    }
  });

  if (key === 'menu' || key === 'merchant-menu') {
    const parsed = output as MenuResponse;
    const depth = checkMenuItems(file, parsed.main_menu, 1, '$.main_menu', new Set());
    if (key === 'menu' && depth < 3) problem(file, `the company menu must reach level 3 (reaches ${depth})`);
    if (!/^tel:\+30\d{10}$/.test(parsed.phoneNumberLink.url))
      problem(file, 'phoneNumberLink must be a Greek tel: link');
  }
  if (key === 'footer' || key === 'merchant-footer') {
    const parsed = output as FooterResponse;
    const n = parsed.footerColumns.length;
    if (n < 3 || n > 4) problem(file, `${n} footer columns, expected 3 to 4`);
    const networks = parsed.socialLinks
      .map((s: { network: string }) => s.network)
      .sort()
      .join(',');
    if (networks !== [...SOCIAL_NETWORKS].sort().join(',')) problem(file, `social networks ${networks}`);
    const bottom = parsed.bottomLinks.map((l: { url: string }) => l.url).join(',');
    if (bottom !== '/page/terms,/page/privacy,/page/cookies') problem(file, `bottom links ${bottom}`);
    if (!parsed.copyright.startsWith('© 2026 Tessera'))
      problem(file, 'copyright should start with "© 2026 Tessera"');
  }
  if (key.startsWith('pages/')) {
    const parsed = output as Page;
    const slug = key.slice('pages/'.length);
    if (parsed.slug !== slug) problem(file, `slug ${parsed.slug} differs from the file name`);
    const needTexts: Record<string, string[]> = {
      login: ['emailLabel', 'passwordLabel', 'submit', 'forgot', 'help'],
      contact: [
        'name',
        'email',
        'phone',
        'company',
        'subject',
        'message',
        'submit',
        'success',
        'subjectOrders',
        'subjectCards',
        'subjectPayments',
        'subjectMerchant',
        'subjectAccount',
        'subjectOther',
      ],
    };
    for (const k of needTexts[slug] ?? []) if (!parsed.texts[k]) problem(file, `texts.${k} is missing`);
    if (slug === 'home') {
      const n = parsed.sections.length;
      if (n < 4 || n > 6) problem(file, `${n} home tiles, expected 4 to 6`);
      parsed.sections.forEach((s: { href?: string; linkText?: string }, i: number) => {
        if (!s.href || !s.linkText) problem(file, `sections[${i}] needs href and linkText`);
      });
    }
    if (['terms', 'privacy', 'cookies'].includes(slug)) {
      const words = parsed.bodyHtml
        .replace(/<[^>]*>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      if (words < 200) problem(file, `legal text has only ${words} words`);
      if (!parsed.bodyHtml.includes('<h2>')) problem(file, 'legal text needs <h2> sections');
    }
    if (slug === 'privacy' && !/GDPR/.test(parsed.bodyHtml))
      problem(file, 'privacy text should mention the GDPR');
  }
  if (key === 'faqs' || key === 'merchant-faqs') {
    const parsed = output as FaqsResponse;
    const groups = parsed.groups.length;
    const items = parsed.groups.reduce((n: number, g: { items: unknown[] }) => n + g.items.length, 0);
    const [gMin, gMax, iMin, iMax] = key === 'faqs' ? [4, 5, 14, 20] : [3, 3, 8, 12];
    if (groups < gMin || groups > gMax) problem(file, `${groups} groups, expected ${gMin}–${gMax}`);
    if (items < iMin || items > iMax) problem(file, `${items} questions, expected ${iMin}–${iMax}`);
  }
  if (key === 'video-tutorials') {
    const parsed = output as VideoTutorialsResponse;
    if (parsed.items.length !== 6) problem(file, `${parsed.items.length} videos, expected 6`);
    parsed.items.forEach((v: { videoUrl: string; durationSeconds: number }, i: number) => {
      if (!/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+$/.test(v.videoUrl))
        problem(file, `items[${i}].videoUrl ${v.videoUrl}`);
      if (v.durationSeconds <= 0) problem(file, `items[${i}].durationSeconds must be positive`);
    });
  }
  if (key === 'notifications') {
    const parsed = output as NotificationsContentResponse;
    const now = Date.parse('2026-11-21T23:59:59Z');
    const from = now - 20 * 86_400_000;
    let expired = 0;
    parsed.umbracoNotifications.forEach(
      (n: { notificationDateTime: string; notificationEndDateTime: string | null }, i: number) => {
        const start = Date.parse(n.notificationDateTime);
        if (Number.isNaN(start) || !n.notificationDateTime.endsWith('Z'))
          problem(file, `[${i}] notificationDateTime is not an ISO UTC date`);
        else if (start < from || start > now)
          problem(file, `[${i}] notificationDateTime outside the last 20 days`);
        if (n.notificationEndDateTime !== null) {
          const end = Date.parse(n.notificationEndDateTime);
          if (Number.isNaN(end)) problem(file, `[${i}] notificationEndDateTime is not an ISO date`);
          else if (end <= start) problem(file, `[${i}] ends before it starts`);
          else if (end < now) expired += 1;
        }
      },
    );
    if (expired !== 1) problem(file, `${expired} expired notifications, expected exactly 1`);
  }
  if (key === 'error-codes') {
    const parsed = output as ErrorCodesResponse;
    const codes = parsed.errorCodes.map((e) => e.errorCode);
    const expected: number[] = Object.values(ERROR_CODE);
    for (const code of expected) if (!codes.includes(code)) problem(file, `error code ${code} is missing`);
    for (const code of codes)
      if (!expected.includes(code)) problem(file, `error code ${code} is not in ERROR_CODE`);
    if (new Set(codes).size !== codes.length) problem(file, 'duplicate error codes');
  }
  if (key === 'validation') {
    const parsed = output as z.infer<typeof ValidationSchema>;
    if (!parsed.messages.tooShort.includes('{min}')) problem(file, 'tooShort should use {min}');
    if (!parsed.messages.tooLong.includes('{max}')) problem(file, 'tooLong should use {max}');
  }
  if (key === 'notification-texts') {
    for (const [id, v] of Object.entries(output as z.infer<typeof NotificationTextsSchema>)) {
      // One notification per order (issue 34 §3 item 1) says the order's figures, not a count.
      const placeholders =
        id === 'recurringRunAwaitingPayment' ? ['{order}', '{amount}', '{rf}', '{due}'] : ['{count}'];
      for (const placeholder of placeholders) {
        if (!v.excerpt.includes(placeholder)) problem(file, `${id}.excerpt should use ${placeholder}`);
      }
    }
  }
  if (key === 'emails') {
    for (const [id, v] of Object.entries(output as z.infer<typeof EmailsSchema>)) {
      for (const p of [id === 'contactReceived' ? '{greeting}' : '{name}', '{ticketId}'])
        if (!(v.subject + v.text).includes(p)) problem(file, `${id} should use ${p}`);
      if (!v.text.includes('{message}')) problem(file, `${id}.text should use {message}`);
    }
  }
  if (key === 'identity-emails') {
    for (const [id, v] of Object.entries(output as z.infer<typeof IdentityEmailsSchema>)) {
      // A new-device notice names the browser; a notice that the second factor was reset links to
      // sign-in and has no code that expires.
      const placeholders =
        id === 'newDevice'
          ? ['{greeting}', '{link}', '{time}', '{device}', '{address}']
          : id === 'secondFactorReset'
            ? ['{greeting}', '{link}']
            : ['{greeting}', '{link}', '{hours}'];
      for (const p of placeholders) if (!v.text.includes(p)) problem(file, `${id}.text should use ${p}`);
    }
  }
  if (key === 'order-emails') {
    for (const [id, v] of Object.entries(output as z.infer<typeof OrderEmailsSchema>)) {
      const kind = id as OrderEmailKind;
      if (!v.subject.includes('{order}')) problem(file, `${id}.subject should use {order}`);
      for (const name of [...ORDER_EMAIL_COMMON_PLACEHOLDERS, ...ORDER_EMAIL_PLACEHOLDERS[kind]])
        if (!v.text.includes(`{${name}}`)) problem(file, `${id}.text should use {${name}}`);
    }
  }
}

// ---------------------------------------------------------------- main

function listFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : entry.name.endsWith('.json')
          ? [`${prefix}${entry.name.slice(0, -'.json'.length)}`]
          : [],
    );
}

/**
 * Checks the content folder `root` (this folder by default): the problems found, one line each,
 * and how many files were read.
 */
export function checkContent(root: string = ROOT): { problems: string[]; fileCount: number } {
  problems.length = 0;
  const keysByLang = Object.fromEntries(
    LOCALES.map((lang) => [lang, listFiles(path.join(root, lang)).sort()]),
  );
  for (const lang of LOCALES) {
    for (const key of Object.keys(SCHEMAS))
      if (!keysByLang[lang]!.includes(key)) problem(`${lang}/${key}.json`, 'missing');
    for (const key of keysByLang[lang]!)
      if (!(key in SCHEMAS)) problem(`${lang}/${key}.json`, 'unexpected file (no schema)');
  }

  const loaded: Record<string, Record<string, Json>> = { el: {}, en: {} };
  for (const lang of LOCALES) {
    for (const key of keysByLang[lang]!) {
      const file = `${lang}/${key}.json`;
      let data: Json;
      try {
        data = JSON.parse(fs.readFileSync(path.join(root, lang, `${key}.json`), 'utf8'));
      } catch (error) {
        problem(file, `not valid JSON: ${(error as Error).message}`);
        continue;
      }
      loaded[lang]![key] = data;
      const schema = SCHEMAS[key];
      if (!schema) continue;
      const result = schema.safeParse(data);
      if (!result.success) {
        for (const issue of result.error.issues) problem(file, `$.${issue.path.join('.')}: ${issue.message}`);
        continue;
      }
      checkFile(key, lang, data, result.data);
    }
  }

  for (const key of Object.keys(SCHEMAS)) {
    const el = loaded.el![key];
    const en = loaded.en![key];
    if (el !== undefined && en !== undefined) compareLanguages(`el|en/${key}.json`, el, en);
  }

  const fileCount = LOCALES.reduce((n, lang) => n + Object.keys(loaded[lang]!).length, 0);
  return { problems: [...problems], fileCount };
}

// Run as a script: print the problems and exit with 1 when there is any.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { problems: found, fileCount } = checkContent();
  if (found.length > 0) {
    console.log(found.join('\n'));
    console.log(`\n${found.length} problem(s) in ${fileCount} files.`);
    process.exitCode = 1;
  } else {
    console.log(`Content OK: ${fileCount} files, el and en in step.`);
  }
}
