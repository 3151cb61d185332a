import { CONTENT_VALUE_SCHEMAS, type ContentKind } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import { AppError, problemOfIssue, type FieldProblem } from '../../platform/errors';
import { sanitizeRichText } from './sanitize';

/** Link fields: where a visitor's click goes. Only web, mail, phone and site-relative addresses. */
const LINK_FIELDS = new Set(['url', 'href', 'videoUrl']);
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?![/\\])|#|\?)/i;
/** Rich-text fields: sanitised with the allow-list on save (and again on the way out). */
const RICH_FIELDS = new Set(['answerHtml', 'bodyHtml']);

/** The links of a value that go nowhere safe, by field path (`value.main_menu.0.link.url`). */
function unsafeLinks(node: unknown, path: string[]): FieldProblem[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => unsafeLinks(item, [...path, String(index)]));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([name, child]) => {
    if (LINK_FIELDS.has(name) && typeof child === 'string' && child !== '' && !SAFE_LINK.test(child.trim()))
      return [{ field: [...path, name].join('.'), key: 'invalidValue' as const }];
    return unsafeLinks(child, [...path, name]);
  });
}

/** The value with every rich-text field sanitised. */
function sanitizeValue(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(sanitizeValue);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([name, child]) => [
      name,
      RICH_FIELDS.has(name) && typeof child === 'string' ? sanitizeRichText(child) : sanitizeValue(child),
    ]),
  );
}

/** A zod issue of a value as the platform's field problem, named from the request body (`value.…`). */
function problemOf(issue: z.core.$ZodIssue): FieldProblem {
  const record = issue as unknown as Record<string, unknown>;
  return problemOfIssue({
    keyword: issue.code,
    instancePath: `/value/${issue.path.map(String).join('/')}`.replace(/\/$/, ''),
    message: issue.message,
    params: {
      origin: record.origin,
      minimum: record.minimum,
      maximum: record.maximum,
      format: record.format,
    },
  });
}

/**
 * Checks and cleans a value of `key` before it is saved (ADR 025): the kind's schema (field errors
 * named `value.…`), safe links, a page's own slug, known target companies; rich text sanitised.
 */
export async function checkContentValue(
  db: Db,
  key: string,
  kind: ContentKind,
  value: unknown,
): Promise<unknown> {
  const parsed = CONTENT_VALUE_SCHEMAS[kind].safeParse(value);
  if (!parsed.success) {
    throw new AppError('VALIDATION', `bad ${key}`, { fields: parsed.error.issues.map(problemOf) });
  }
  const problems = unsafeLinks(parsed.data, ['value']);
  if (kind === 'pages' && (parsed.data as { slug: string }).slug !== key.slice('pages/'.length))
    problems.push({ field: 'value.slug', key: 'invalidValue' });
  if (kind === 'notifications' || kind === 'merchant-notifications') {
    const items = (parsed.data as { umbracoNotifications: { target: string; companyId: string | null }[] })
      .umbracoNotifications;
    const named = [
      ...new Set(
        items.flatMap((item) => (item.target === 'company' && item.companyId ? [item.companyId] : [])),
      ),
    ];
    const known = new Set<string>();
    if (named.length > 0) {
      const result = await db.execute<{ id: string }>(
        sql`select id from companies where id in (${sql.join(
          named.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const row of result.rows) known.add(row.id);
    }
    items.forEach((item, index) => {
      if (item.target === 'company' && item.companyId && !known.has(item.companyId))
        problems.push({ field: `value.umbracoNotifications.${index}.companyId`, key: 'invalidValue' });
    });
  }
  if (problems.length > 0) throw new AppError('VALIDATION', `bad ${key}`, { fields: problems });
  if (kind === 'merchant-notifications') {
    // The merchants' own list: every item is for the merchants, whatever the request said.
    const value = parsed.data as { umbracoNotifications: Record<string, unknown>[] };
    return sanitizeValue({
      ...value,
      umbracoNotifications: value.umbracoNotifications.map((item) => ({
        ...item,
        target: 'merchants',
        companyId: null,
      })),
    });
  }
  return sanitizeValue(parsed.data);
}
