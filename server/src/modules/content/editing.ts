import {
  CONTENT_KINDS,
  contentKindOf,
  LOCALES,
  PAGE_KEY,
  type ContentEntriesResponse,
  type ContentEntryResponse,
  type ContentKind,
  type ContentVersion,
  type ContentVersionWithValue,
  type Locale,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  findDraftKeys,
  findEntries,
  findPageKeys,
  findVersionById,
  findVersions,
  findVersionsInStatus,
  insertVersion,
  lastVersionNumber,
  lockEntry,
  markPublished,
  supersede,
  upsertEntry,
  type ContentVersionRow,
} from './repository';
import { checkContentValue } from './check-content-value';
import type { EntryReader } from './render-content';

/** Who edits: the signed-in provider admin (and the request, for the audit entry). */
export type EditorActor = { userId: string; companyId: string | null; requestId?: string };

/** What the editing service needs of the content service: its public answers over other entries, and its cache. */
export type ContentRendering = {
  renderersOver(read: EntryReader): {
    getMenu(locale: Locale, audience?: 'company' | 'merchant'): Promise<unknown>;
    getFooter(locale: Locale, audience?: 'company' | 'merchant'): Promise<unknown>;
    getPage(slug: string, locale: Locale): Promise<unknown>;
    getFaqs(locale: Locale, audience: 'company' | 'merchant'): Promise<unknown>;
    getVideoTutorials(locale: Locale): Promise<unknown>;
    getNotifications(locale: Locale, audience: 'company' | 'merchant', viewer: null): Promise<unknown>;
    getErrorCodes(locale: Locale): Promise<unknown>;
  };
  invalidate(): void;
};

function toVersion(row: ContentVersionRow): ContentVersion {
  return {
    id: row.id,
    key: row.key,
    locale: row.locale as Locale,
    version: row.version,
    status: row.status,
    author: row.authorUserId ? { userId: row.authorUserId, name: row.authorName ?? '' } : null,
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

const withValue = (row: ContentVersionRow): ContentVersionWithValue => ({
  ...toVersion(row),
  value: row.value,
});

function kindOrThrow(key: string): ContentKind {
  const kind = contentKindOf(key);
  if (!kind)
    throw new AppError('VALIDATION', `not editable: ${key}`, {
      fields: [{ field: 'key', key: 'invalidChoice' }],
    });
  return kind;
}

export type ContentEditing = ReturnType<typeof createContentEditing>;

/**
 * Content editing (issue 18 §5, ADR 025): drafts per key and culture, a preview through the public
 * renderers, publishing (the value copied to `content_entries`, the cache dropped) and restoring
 * an old version as a new draft. Every change is one transaction with its audit entry.
 */
export function createContentEditing(deps: { db: Db; content: ContentRendering; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  /**
   * The first edit of an entry keeps what was live before it as version 1 (published, no author),
   * so the shipped text can always be restored.
   */
  async function ensureBaseline(tx: Executor, key: string, locale: Locale): Promise<number> {
    const last = await lastVersionNumber(tx, key, locale);
    if (last > 0) return last;
    const [live] = await findEntries(tx, key, [locale]);
    if (!live) return 0;
    await insertVersion(tx, {
      key,
      locale,
      version: 1,
      value: live.value,
      status: 'published',
      authorUserId: null,
      publishedAt: now(),
    });
    return 1;
  }

  /** A new draft of `key` in `locale` (the previous draft superseded), audited as `action`. */
  async function newDraft(
    actor: EditorActor,
    key: string,
    locale: Locale,
    value: unknown,
    action: 'content.draft' | 'content.restore',
    restoredFrom: number | null,
  ): Promise<ContentVersionWithValue> {
    const id = await deps.db.transaction(async (tx) => {
      await lockEntry(tx, key, locale);
      const last = await ensureBaseline(tx, key, locale);
      await supersede(tx, key, locale, 'draft');
      const row = await insertVersion(tx, {
        key,
        locale,
        version: last + 1,
        value,
        status: 'draft',
        authorUserId: actor.userId,
        restoredFrom,
      });
      await writeAudit(tx, {
        actorUserId: actor.userId,
        companyId: actor.companyId,
        requestId: actor.requestId ?? null,
        action,
        entity: 'content',
        entityId: `${key}/${locale}`,
        before: restoredFrom === null ? null : { restoredFrom },
        after: { version: row.version, value },
      });
      return row.id;
    });
    return withValue((await findVersionById(deps.db, id))!);
  }

  /** The drafts over the live entries: what a preview reads. */
  const draftReader =
    (): EntryReader =>
    async (key, locales): Promise<{ locale: string; value: unknown }[]> => {
      const [live, drafts] = await Promise.all([
        findEntries(deps.db, key, locales),
        findVersionsInStatus(deps.db, key, 'draft'),
      ]);
      return locales.flatMap((locale) => {
        const draft = drafts.find((row) => row.locale === locale);
        if (draft) return [{ locale, value: draft.value }];
        const stored = live.find((row) => row.locale === locale);
        return stored ? [stored] : [];
      });
    };

  return {
    /** The editable entries: every kind, each stored page, and which cultures have a draft. */
    async entries(): Promise<ContentEntriesResponse['entries']> {
      const [pages, drafts] = await Promise.all([findPageKeys(deps.db), findDraftKeys(deps.db)]);
      // A new page is listed from its first draft on.
      const newPages = drafts
        .map((row) => row.key)
        .filter((key) => PAGE_KEY.test(key) && !pages.includes(key));
      const keys = [
        ...CONTENT_KINDS.filter((kind) => kind !== 'pages'),
        ...[...new Set([...pages, ...newPages])].sort(),
      ];
      return keys.map((key) => ({
        key,
        kind: contentKindOf(key)!,
        drafts: LOCALES.filter((locale) => drafts.some((row) => row.key === key && row.locale === locale)),
      }));
    },

    /**
     * One entry for the editor: per culture the live value (as stored, no fallback; null when there
     * is none, e.g. a new page) and the draft.
     */
    async entry(key: string): Promise<Omit<ContentEntryResponse, 'success'>> {
      const kind = kindOrThrow(key);
      const [live, drafts] = await Promise.all([
        findEntries(deps.db, key, [...LOCALES]),
        findVersionsInStatus(deps.db, key, 'draft'),
      ]);
      return {
        key,
        kind,
        locales: LOCALES.map((locale) => {
          const draft = drafts.find((row) => row.locale === locale);
          return {
            locale,
            published: live.find((row) => row.locale === locale)?.value ?? null,
            draft: draft ? withValue(draft) : null,
          };
        }),
      };
    },

    /** Saves a draft of one culture: checked per kind (field errors named `value.…`), rich text sanitised. */
    async saveDraft(actor: EditorActor, key: string, locale: Locale, value: unknown) {
      const kind = kindOrThrow(key);
      const clean = await checkContentValue(deps.db, key, kind, value);
      return newDraft(actor, key, locale, clean, 'content.draft', null);
    },

    /** What the public endpoint of `key` would answer in `locale` with the drafts live. */
    async preview(key: string, locale: Locale): Promise<unknown> {
      const kind = kindOrThrow(key);
      const render = deps.content.renderersOver(draftReader());
      switch (kind) {
        case 'faqs':
          return { success: true, groups: await render.getFaqs(locale, 'company') };
        case 'merchant-faqs':
          return { success: true, groups: await render.getFaqs(locale, 'merchant') };
        case 'pages':
          return { success: true, page: await render.getPage(key.slice('pages/'.length), locale) };
        case 'menu':
          return render.getMenu(locale, 'company');
        case 'merchant-menu':
          return render.getMenu(locale, 'merchant');
        case 'footer':
          return render.getFooter(locale, 'company');
        case 'merchant-footer':
          return render.getFooter(locale, 'merchant');
        case 'error-codes':
          return render.getErrorCodes(locale);
        case 'video-tutorials':
          return render.getVideoTutorials(locale);
        case 'notifications':
          return render.getNotifications(locale, 'company', null);
        case 'merchant-notifications':
          return render.getNotifications(locale, 'merchant', null);
      }
    },

    /**
     * Publishes the drafts of `key` (both cultures, or `locales`): each becomes the live entry, the
     * version it replaces superseded; CONFLICT when there is no draft to publish. The public
     * endpoints answer with it at once (the content cache is dropped).
     */
    async publish(actor: EditorActor, key: string, locales: readonly Locale[] = LOCALES) {
      kindOrThrow(key);
      const published = await deps.db.transaction(async (tx) => {
        const done: { locale: Locale; version: number }[] = [];
        for (const locale of locales) {
          await lockEntry(tx, key, locale);
          const [draft] = (await findVersionsInStatus(tx, key, 'draft')).filter(
            (row) => row.locale === locale,
          );
          if (!draft) continue;
          const [before] = await findEntries(tx, key, [locale]);
          await supersede(tx, key, locale, 'published');
          await markPublished(tx, draft.id, now());
          await upsertEntry(tx, key, locale, draft.value);
          await writeAudit(tx, {
            actorUserId: actor.userId,
            companyId: actor.companyId,
            requestId: actor.requestId ?? null,
            action: 'content.publish',
            entity: 'content',
            entityId: `${key}/${locale}`,
            before: before?.value ?? null,
            after: { version: draft.version, value: draft.value },
          });
          done.push({ locale, version: draft.version });
        }
        if (done.length === 0)
          throw new AppError('CONFLICT', `no draft of ${key}`, {
            fields: [{ field: 'key', key: 'invalidValue' }],
          });
        return done;
      });
      deps.content.invalidate();
      return published;
    },

    /** The history of `key` in `locale`, newest first. */
    async versions(key: string, locale: Locale): Promise<ContentVersion[]> {
      kindOrThrow(key);
      return (await findVersions(deps.db, key, locale)).map(toVersion);
    },

    /** One version with its value. */
    async version(id: string): Promise<ContentVersionWithValue> {
      const row = await findVersionById(deps.db, id);
      if (!row) throw new AppError('NOT_FOUND', `no content version ${id}`);
      return withValue(row);
    },

    /** A new draft with an old version's value (then published as any draft). */
    async restore(actor: EditorActor, id: string): Promise<ContentVersionWithValue> {
      const row = await findVersionById(deps.db, id);
      if (!row) throw new AppError('NOT_FOUND', `no content version ${id}`);
      return newDraft(actor, row.key, row.locale as Locale, row.value, 'content.restore', row.version);
    },
  };
}
