import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { CONTENT_KINDS, LOCALES, roleMay, type ContentKind, type Locale } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import {
  contentEditorKeys,
  saveContentDraft,
  useContentEntries,
  useContentEntry,
  usePublishContent,
} from '../api/content-editor';
import { ContentPreview } from '../components/content-preview';
import { AdvancedJsonField, EditorContext, setIn, type ValuePath } from '../components/editor-fields';
import { KindEditor } from '../components/kind-editors';
import { VersionHistory } from '../components/version-history';

type PerLocale<T> = Partial<Record<Locale, T>>;

/** The name of each kind in the kind picker. */
const KIND_LABEL: Record<ContentKind, MessageId> = {
  faqs: 'contentEditor.kind.faqs',
  'merchant-faqs': 'contentEditor.kind.merchantFaqs',
  pages: 'contentEditor.kind.pages',
  menu: 'contentEditor.kind.menu',
  footer: 'contentEditor.kind.footer',
  'merchant-menu': 'contentEditor.kind.merchantMenu',
  'merchant-footer': 'contentEditor.kind.merchantFooter',
  'error-codes': 'contentEditor.kind.errorCodes',
  notifications: 'contentEditor.kind.notifications',
  'merchant-notifications': 'contentEditor.kind.merchantNotifications',
  'video-tutorials': 'contentEditor.kind.videoTutorials',
};

/**
 * `/back-office/content` (issue 18 §5, ADR 025): the provider's content editor. Pick a kind (and a
 * page), edit each culture in its tab, save a draft, preview the drafts in both languages as the
 * public pages show them, publish; every version is listed with its author and can be restored as
 * a new draft. Customer care sees it read-only; only the admin saves, publishes and restores.
 */
export function ContentEditorPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const queryClient = useQueryClient();
  const session = useSession();
  const user = session.data?.user;
  const canEdit = user !== undefined && roleMay(user.userRoleId, 'content.edit');
  const title = t({ id: 'contentEditor.title' });
  useDocumentTitle(title);
  const statusId = useId();

  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind') ?? 'faqs';
  const kind: ContentKind = (CONTENT_KINDS as readonly string[]).includes(kindParam)
    ? (kindParam as ContentKind)
    : 'faqs';
  const entries = useContentEntries();
  const pageKeys = (entries.data?.entries ?? [])
    .filter((entry) => entry.kind === 'pages')
    .map((entry) => entry.key);
  const key = kind === 'pages' ? (params.get('key') ?? pageKeys[0] ?? null) : kind;
  const entry = useContentEntry(key);
  const publish = usePublishContent();

  const [tab, setTab] = useState<Locale>('el');
  const [edits, setEdits] = useState<{ key: string | null; values: PerLocale<unknown> }>({ key, values: {} });
  const [errors, setErrors] = useState<PerLocale<Record<string, string>>>({});
  const [showPreview, setShowPreview] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const unsaved: PerLocale<unknown> = edits.key === key ? edits.values : {};
  const dirtyLocales = LOCALES.filter((locale) => unsaved[locale] !== undefined);
  const serverValue = (locale: Locale) => {
    const row = entry.data?.locales.find((candidate) => candidate.locale === locale);
    return row?.draft?.value ?? row?.published ?? null;
  };
  /** A page not written yet starts empty in both cultures (ADR 025: a new page is a first draft). */
  const emptyValue = () =>
    kind === 'pages' && key
      ? { slug: key.slice('pages/'.length), title: '', summary: '', bodyHtml: '', sections: [], texts: {} }
      : null;
  const valueOf = (locale: Locale) =>
    unsaved[locale] !== undefined ? unsaved[locale] : (serverValue(locale) ?? emptyValue());
  const hasDrafts = (entry.data?.locales ?? []).some((row) => row.draft !== null);

  const choose = (next: { kind: string; key?: string }) => {
    const search = new URLSearchParams({ kind: next.kind });
    if (next.key) search.set('key', next.key);
    setParams(search);
    setShowPreview(false);
    setMessage(null);
    setErrors({});
  };

  /** Saves every culture with unsaved changes as a draft; false when the server refused one. */
  const saveUnsaved = async (): Promise<boolean> => {
    if (!key || dirtyLocales.length === 0) return true;
    for (const locale of dirtyLocales) {
      const result = await saveContentDraft(key, locale, unsaved[locale]);
      if (result.error) {
        const fields = result.error === true ? [] : (result.error.fields ?? []);
        setErrors((current) => ({
          ...current,
          [locale]: Object.fromEntries(fields.map((field) => [field.field, field.message])),
        }));
        setTab(locale);
        setMessage({ tone: 'error', text: t({ id: 'contentEditor.saveFailed' }) });
        return false;
      }
    }
    await queryClient.invalidateQueries({ queryKey: contentEditorKeys.all });
    setEdits({ key, values: {} });
    setErrors({});
    return true;
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const onSave = () =>
    run(async () => {
      if (await saveUnsaved()) setMessage({ tone: 'ok', text: t({ id: 'contentEditor.saved' }) });
    });
  const onPreview = () =>
    run(async () => {
      if (canEdit && !(await saveUnsaved())) return;
      await queryClient.invalidateQueries({ queryKey: ['content-editor', 'preview'] });
      setShowPreview(true);
    });
  const onPublish = () =>
    run(async () => {
      if (!key || !(await saveUnsaved())) return;
      await publish.mutateAsync(key);
      setMessage({ tone: 'ok', text: t({ id: 'contentEditor.publishedMessage' }) });
    });

  const editorFor = (locale: Locale) => ({
    value: valueOf(locale),
    errors: errors[locale] ?? {},
    readOnly: !canEdit,
    set: (path: ValuePath, next: unknown) =>
      setEdits((current) => {
        const base = current.key === key ? current.values : {};
        const from = base[locale] !== undefined ? base[locale] : (serverValue(locale) ?? emptyValue());
        return { key, values: { ...base, [locale]: setIn(from, path, next) } };
      }),
  });

  const languageOf = (locale: Locale) =>
    t({ id: locale === 'el' ? 'contentEditor.greek' : 'contentEditor.english' });
  const stateOf = (locale: Locale) => {
    if (unsaved[locale] !== undefined) return t({ id: 'contentEditor.state.unsaved' });
    const draft = entry.data?.locales.find((row) => row.locale === locale)?.draft;
    if (draft)
      return t({ id: 'contentEditor.state.draft' }, { n: draft.version, author: draft.author?.name ?? '—' });
    return t({ id: 'contentEditor.state.published' });
  };

  let body;
  if (entries.isPending || (key !== null && entry.isPending)) body = <LoadingState />;
  else if (entries.isError) body = <ErrorState onRetry={() => void entries.refetch()} />;
  else if (entry.isError || key === null) body = <ErrorState onRetry={() => void entry.refetch()} />;
  else
    body = (
      <Stack gap="lg">
        <Tabs value={tab} onChange={(value) => value && setTab(value as Locale)} keepMounted={false}>
          <Tabs.List>
            {LOCALES.map((locale) => (
              <Tabs.Tab key={locale} value={locale}>
                {languageOf(locale)}{' '}
                <Badge size="xs" color={unsaved[locale] !== undefined ? BADGE_COLOR.amber : BADGE_COLOR.grey}>
                  {stateOf(locale)}
                </Badge>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {LOCALES.map((locale) => (
            <Tabs.Panel key={locale} value={locale} pt="md" lang={locale}>
              <EditorContext.Provider value={editorFor(locale)}>
                <KindEditor kind={kind} />
                <AdvancedJsonField />
              </EditorContext.Provider>
            </Tabs.Panel>
          ))}
        </Tabs>

        <Group gap="sm" aria-describedby={statusId}>
          {canEdit ? (
            <>
              <Button
                variant="default"
                onClick={() => void onSave()}
                disabled={busy || dirtyLocales.length === 0}
              >
                {t({ id: 'contentEditor.saveDraft' })}
              </Button>
              <Button variant="light" onClick={() => void onPreview()} disabled={busy}>
                {t({ id: 'contentEditor.preview' })}
              </Button>
              <Button
                onClick={() => void onPublish()}
                disabled={busy || (!hasDrafts && dirtyLocales.length === 0)}
              >
                {t({ id: 'contentEditor.publish' })}
              </Button>
              <Button
                variant="subtle"
                color="gray"
                onClick={() => {
                  setEdits({ key, values: {} });
                  setErrors({});
                }}
                disabled={busy || dirtyLocales.length === 0}
              >
                {t({ id: 'contentEditor.discard' })}
              </Button>
            </>
          ) : (
            <Button variant="light" onClick={() => void onPreview()} disabled={busy}>
              {t({ id: 'contentEditor.preview' })}
            </Button>
          )}
        </Group>
        <div id={statusId} role="status" aria-live="polite">
          {message ? (
            <Alert color={message.tone === 'ok' ? 'green' : 'red'} variant="light">
              {message.text}
            </Alert>
          ) : null}
        </div>

        {showPreview ? (
          <section aria-label={t({ id: 'contentEditor.previewTitle' })}>
            <Text fw={600} mb="xs">
              {t({ id: 'contentEditor.previewTitle' })}
            </Text>
            <Text size="sm" c="dimmed" mb="sm">
              {t({ id: 'contentEditor.previewHint' })}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {LOCALES.map((locale) => (
                <ContentPreview key={locale} kind={kind} entryKey={key} locale={locale} />
              ))}
            </SimpleGrid>
          </section>
        ) : null}

        <VersionHistory
          entryKey={key}
          locale={tab}
          canEdit={canEdit}
          onRestored={() => setMessage({ tone: 'ok', text: t({ id: 'contentEditor.restored' }) })}
        />
      </Stack>
    );

  return (
    <section className="tessera-page">
      <PageHeader
        title={title}
        summary={t({ id: canEdit ? 'contentEditor.summary' : 'contentEditor.summaryReadOnly' })}
      />
      <Group gap="md" align="flex-end" mb="lg">
        <NativeSelect
          label={t({ id: 'contentEditor.kind' })}
          value={kind}
          onChange={(event) => choose({ kind: event.currentTarget.value })}
          data={CONTENT_KINDS.map((value) => ({ value, label: t({ id: KIND_LABEL[value] }) }))}
        />
        {kind === 'pages' ? (
          <>
            <NativeSelect
              label={t({ id: 'contentEditor.page' })}
              value={key ?? ''}
              onChange={(event) => choose({ kind: 'pages', key: event.currentTarget.value })}
              data={[...new Set([...pageKeys, ...(key ? [key] : [])])].map((value) => ({
                value,
                label: value.slice('pages/'.length),
              }))}
            />
            {canEdit ? (
              <NewPageForm onCreate={(slug) => choose({ kind: 'pages', key: `pages/${slug}` })} />
            ) : null}
          </>
        ) : null}
        {(entries.data?.entries ?? []).some((row) => row.drafts.length > 0) ? (
          <Text size="sm" c="dimmed">
            {t(
              { id: 'contentEditor.draftsPending' },
              {
                kinds: (entries.data?.entries ?? [])
                  .filter((row) => row.drafts.length > 0)
                  .map((row) => row.key)
                  .join(', '),
              },
            )}
          </Text>
        ) : null}
      </Group>
      {body}
    </section>
  );
}

/** A new page: its address (`/page/<slug>`), then its texts in the editor as a first draft. */
function NewPageForm({ onCreate }: { onCreate: (slug: string) => void }) {
  const t = useIntl().formatMessage;
  const [slug, setSlug] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="tessera-content-new-page"
      onSubmit={(event) => {
        event.preventDefault();
        const clean = slug.trim().toLowerCase();
        if (!/^[a-z0-9-]{1,80}$/.test(clean)) {
          setError(t({ id: 'contentEditor.newPage.invalid' }));
          return;
        }
        setError(null);
        setSlug('');
        onCreate(clean);
      }}
    >
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t({ id: 'contentEditor.newPage.slug' })}
          value={slug}
          error={error}
          onChange={(event) => setSlug(event.currentTarget.value)}
        />
        <Button type="submit" variant="light">
          {t({ id: 'contentEditor.newPage.create' })}
        </Button>
      </Group>
    </form>
  );
}
