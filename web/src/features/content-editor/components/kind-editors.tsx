import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ContentKind } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchCompanies } from '../../companies/api/search-companies';
import {
  fieldName,
  getIn,
  ListField,
  newId,
  RichTextField,
  TextField,
  useEditor,
  type ValuePath,
} from './editor-fields';

type Msg = ReturnType<typeof useIntl>['formatMessage'];

function FaqsEditor() {
  const intl = useIntl();
  const t: Msg = intl.formatMessage;
  return (
    <ListField
      path={['groups']}
      itemLabel={(g) => t({ id: 'contentEditor.faq.group' }, { n: g + 1 })}
      addLabel={t({ id: 'contentEditor.faq.addGroup' })}
      newItem={() => ({ id: newId('group'), title: '', items: [] })}
      render={(g) => (
        <Stack gap="xs">
          <TextField
            path={['groups', g, 'title']}
            label={t({ id: 'contentEditor.faq.groupTitle' }, { n: g + 1 })}
          />
          <ListField
            path={['groups', g, 'items']}
            itemLabel={(i) => t({ id: 'contentEditor.faq.item' }, { n: `${g + 1}.${i + 1}` })}
            addLabel={t({ id: 'contentEditor.faq.addItem' }, { n: g + 1 })}
            newItem={() => ({ id: newId('faq'), question: '', answerHtml: '' })}
            render={(i) => (
              <Stack gap="xs">
                <TextField
                  path={['groups', g, 'items', i, 'question']}
                  label={t({ id: 'contentEditor.faq.question' }, { n: `${g + 1}.${i + 1}` })}
                />
                <RichTextField
                  path={['groups', g, 'items', i, 'answerHtml']}
                  label={t({ id: 'contentEditor.faq.answer' }, { n: `${g + 1}.${i + 1}` })}
                />
              </Stack>
            )}
          />
        </Stack>
      )}
    />
  );
}

function PageEditor() {
  const t: Msg = useIntl().formatMessage;
  return (
    <Stack gap="xs">
      <TextField path={['title']} label={t({ id: 'contentEditor.page.title' })} />
      <TextField path={['summary']} label={t({ id: 'contentEditor.page.summary' })} multiline />
      <RichTextField path={['bodyHtml']} label={t({ id: 'contentEditor.page.body' })} />
      <Title order={3} size="h5">
        {t({ id: 'contentEditor.page.sections' })}
      </Title>
      <ListField
        path={['sections']}
        itemLabel={(s) => t({ id: 'contentEditor.page.section' }, { n: s + 1 })}
        addLabel={t({ id: 'contentEditor.page.addSection' })}
        newItem={() => ({ title: '', text: '' })}
        render={(s) => (
          <Stack gap="xs">
            <TextField
              path={['sections', s, 'title']}
              label={t({ id: 'contentEditor.page.sectionTitle' }, { n: s + 1 })}
            />
            <TextField
              path={['sections', s, 'text']}
              label={t({ id: 'contentEditor.page.sectionText' }, { n: s + 1 })}
              multiline
            />
            <TextField
              path={['sections', s, 'href']}
              label={t({ id: 'contentEditor.link.url' }, { n: s + 1 })}
            />
            <TextField
              path={['sections', s, 'linkText']}
              label={t({ id: 'contentEditor.link.text' }, { n: s + 1 })}
            />
          </Stack>
        )}
      />
    </Stack>
  );
}

const newLink = (title = '') => ({
  id: newId('link'),
  pageType: 'contentPage',
  title,
  url: '/',
  target: '_self',
  isExternalPage: false,
});

/** Menu items at any depth: text and address, with their sub-items. */
function MenuItems({ path, level, prefix }: { path: ValuePath; level: number; prefix: string }) {
  const t: Msg = useIntl().formatMessage;
  const { value, set, errors, readOnly } = useEditor();
  const label = (i: number) => `${prefix}${i + 1}`;
  return (
    <ListField
      path={path}
      itemLabel={(i) => t({ id: 'contentEditor.menu.item' }, { n: label(i) })}
      addLabel={
        level === 1
          ? t({ id: 'contentEditor.menu.addItem' })
          : t({ id: 'contentEditor.menu.addChild' }, { n: prefix.replace(/\.$/, '') })
      }
      newItem={() => ({
        link: newLink(),
        text: '',
        level,
        active: false,
        children: [],
        href: '',
        systemName: newId('menu'),
      })}
      render={(i) => (
        <Stack gap="xs">
          <TextInput
            label={t({ id: 'contentEditor.menu.text' }, { n: label(i) })}
            value={String(getIn(value, [...path, i, 'text']) ?? '')}
            error={errors[fieldName([...path, i, 'text'])]}
            readOnly={readOnly}
            onChange={(event) => {
              // The link's title follows the item's text (screen readers and tooltips read it).
              const text = event.currentTarget.value;
              const item = getIn(value, [...path, i]) as Record<string, unknown>;
              set([...path, i], { ...item, text, link: { ...(item.link as object), title: text } });
            }}
          />
          <TextField
            path={[...path, i, 'link', 'url']}
            label={t({ id: 'contentEditor.link.url' }, { n: label(i) })}
          />
          {level < 3 ? (
            <MenuItems path={[...path, i, 'children']} level={level + 1} prefix={`${label(i)}.`} />
          ) : null}
        </Stack>
      )}
    />
  );
}

function MenuEditor() {
  const t: Msg = useIntl().formatMessage;
  return (
    <Stack gap="xs">
      <MenuItems path={['main_menu']} level={1} prefix="" />
      <TextField path={['phoneNumberLink', 'title']} label={t({ id: 'contentEditor.menu.phoneTitle' })} />
      <TextField path={['phoneNumberLink', 'url']} label={t({ id: 'contentEditor.menu.phoneUrl' })} />
    </Stack>
  );
}

function LinkList({ path, prefix, addLabel }: { path: ValuePath; prefix: string; addLabel: string }) {
  const t: Msg = useIntl().formatMessage;
  return (
    <ListField
      path={path}
      itemLabel={(i) => t({ id: 'contentEditor.link.item' }, { n: `${prefix}${i + 1}` })}
      addLabel={addLabel}
      newItem={() => newLink()}
      render={(i) => (
        <Stack gap="xs">
          <TextField
            path={[...path, i, 'title']}
            label={t({ id: 'contentEditor.link.text' }, { n: `${prefix}${i + 1}` })}
          />
          <TextField
            path={[...path, i, 'url']}
            label={t({ id: 'contentEditor.link.url' }, { n: `${prefix}${i + 1}` })}
          />
        </Stack>
      )}
    />
  );
}

function FooterEditor() {
  const t: Msg = useIntl().formatMessage;
  return (
    <Stack gap="xs">
      <ListField
        path={['footerColumns']}
        itemLabel={(c) => t({ id: 'contentEditor.footer.column' }, { n: c + 1 })}
        addLabel={t({ id: 'contentEditor.footer.addColumn' })}
        newItem={() => ({ columnTitle: '', columnLinks: [] })}
        render={(c) => (
          <Stack gap="xs">
            <TextField
              path={['footerColumns', c, 'columnTitle']}
              label={t({ id: 'contentEditor.footer.columnTitle' }, { n: c + 1 })}
            />
            <LinkList
              path={['footerColumns', c, 'columnLinks']}
              prefix={`${c + 1}.`}
              addLabel={t({ id: 'contentEditor.footer.addLink' }, { n: c + 1 })}
            />
          </Stack>
        )}
      />
      <Title order={3} size="h5">
        {t({ id: 'contentEditor.footer.bottomLinks' })}
      </Title>
      <LinkList
        path={['bottomLinks']}
        prefix="Β"
        addLabel={t({ id: 'contentEditor.footer.addBottomLink' })}
      />
      <TextField path={['copyright']} label={t({ id: 'contentEditor.footer.copyright' })} />
    </Stack>
  );
}

function ErrorCodesEditor() {
  const t: Msg = useIntl().formatMessage;
  return (
    <ListField
      path={['errorCodes']}
      itemLabel={(i) => t({ id: 'contentEditor.errors.item' }, { n: i + 1 })}
      addLabel={t({ id: 'contentEditor.errors.add' })}
      newItem={() => ({ errorCode: '', errorCodeMessage: '' })}
      render={(i) => (
        <Group grow align="flex-start">
          <TextField
            path={['errorCodes', i, 'errorCode']}
            type="number"
            label={t({ id: 'contentEditor.errors.code' }, { n: i + 1 })}
          />
          <TextField
            path={['errorCodes', i, 'errorCodeMessage']}
            label={t({ id: 'contentEditor.errors.message' }, { n: i + 1 })}
          />
        </Group>
      )}
    />
  );
}

function VideoTutorialsEditor() {
  const t: Msg = useIntl().formatMessage;
  return (
    <ListField
      path={['items']}
      itemLabel={(i) => t({ id: 'contentEditor.video.item' }, { n: i + 1 })}
      addLabel={t({ id: 'contentEditor.video.add' })}
      newItem={() => ({
        id: newId('video'),
        title: '',
        description: '',
        videoUrl: 'https://',
        durationSeconds: 0,
        category: '',
      })}
      render={(i) => (
        <Stack gap="xs">
          <TextField
            path={['items', i, 'title']}
            label={t({ id: 'contentEditor.video.title' }, { n: i + 1 })}
          />
          <TextField
            path={['items', i, 'description']}
            multiline
            label={t({ id: 'contentEditor.video.description' }, { n: i + 1 })}
          />
          <TextField
            path={['items', i, 'videoUrl']}
            label={t({ id: 'contentEditor.video.url' }, { n: i + 1 })}
          />
          <Group grow>
            <TextField
              path={['items', i, 'durationSeconds']}
              type="number"
              label={t({ id: 'contentEditor.video.duration' }, { n: i + 1 })}
            />
            <TextField
              path={['items', i, 'category']}
              label={t({ id: 'contentEditor.video.category' }, { n: i + 1 })}
            />
          </Group>
        </Stack>
      )}
    />
  );
}

/** `2026-11-26T10:00:00.000Z` as a `datetime-local` value in the browser's time zone. */
function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function DateField({ path, label, optional }: { path: ValuePath; label: string; optional?: boolean }) {
  const { value, set, errors, readOnly } = useEditor();
  return (
    <TextInput
      type="datetime-local"
      label={label}
      value={toLocalInput(getIn(value, path))}
      error={errors[fieldName(path)]}
      readOnly={readOnly}
      onChange={(event) => {
        const text = event.currentTarget.value;
        if (text === '') set(path, optional ? null : '');
        else set(path, new Date(text).toISOString());
      }}
    />
  );
}

/** The company of a `company` target: its id, found by name, VAT number or id. */
function CompanyField({ path, n }: { path: ValuePath; n: number }) {
  const t: Msg = useIntl().formatMessage;
  const { set, readOnly } = useEditor();
  const [query, setQuery] = useState('');
  const search = useSearchCompanies(query.trim(), 1);
  const results = query.trim().length >= 2 ? (search.data?.companies ?? []).slice(0, 5) : [];
  return (
    <Stack gap={4}>
      <TextField path={path} label={t({ id: 'contentEditor.notification.companyId' }, { n })} />
      {readOnly ? null : (
        <>
          <TextInput
            type="search"
            label={t({ id: 'contentEditor.notification.companySearch' }, { n })}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <Group gap="xs">
            {results.map((company) => (
              <Button
                key={company.companyId}
                size="xs"
                variant="light"
                onClick={() => set(path, company.companyId)}
              >
                {t(
                  { id: 'contentEditor.notification.pickCompany' },
                  { name: company.name, id: company.companyId },
                )}
              </Button>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}

function NotificationsEditor({ withTargets }: { withTargets: boolean }) {
  const t: Msg = useIntl().formatMessage;
  const { value, set, errors, readOnly } = useEditor();
  const TEXTS = ['title', 'tabAll', 'tabExpiring', 'viewAll', 'empty', 'emptyExpiring'] as const;
  return (
    <Stack gap="xs">
      <ListField
        path={['umbracoNotifications']}
        itemLabel={(i) => t({ id: 'contentEditor.notification.item' }, { n: i + 1 })}
        addLabel={t({ id: 'contentEditor.notification.add' })}
        newItem={() => ({
          notificationId: newId('cms'),
          title: '',
          excerpt: '',
          logo: null,
          link: null,
          notificationDateTime: new Date().toISOString(),
          notificationEndDateTime: null,
          ...(withTargets ? { target: 'companies', companyId: null } : {}),
        })}
        render={(i) => {
          const base: ValuePath = ['umbracoNotifications', i];
          const target = String(getIn(value, [...base, 'target']) ?? 'companies');
          const link = getIn(value, [...base, 'link']) as Record<string, unknown> | null;
          return (
            <Stack gap="xs">
              <TextField
                path={[...base, 'title']}
                label={t({ id: 'contentEditor.notification.title' }, { n: i + 1 })}
              />
              <TextField
                path={[...base, 'excerpt']}
                multiline
                label={t({ id: 'contentEditor.notification.excerpt' }, { n: i + 1 })}
              />
              <TextInput
                label={t({ id: 'contentEditor.notification.link' }, { n: i + 1 })}
                value={typeof link?.url === 'string' ? link.url : ''}
                error={errors[fieldName([...base, 'link', 'url'])]}
                readOnly={readOnly}
                onChange={(event) => {
                  const url = event.currentTarget.value;
                  const title = String(getIn(value, [...base, 'title']) ?? '');
                  set([...base, 'link'], url === '' ? null : { ...newLink(title), ...(link ?? {}), url });
                }}
              />
              <Group grow>
                <DateField
                  path={[...base, 'notificationDateTime']}
                  label={t({ id: 'contentEditor.notification.start' }, { n: i + 1 })}
                />
                <DateField
                  path={[...base, 'notificationEndDateTime']}
                  optional
                  label={t({ id: 'contentEditor.notification.end' }, { n: i + 1 })}
                />
              </Group>
              {withTargets ? (
                <>
                  <NativeSelect
                    label={t({ id: 'contentEditor.notification.target' }, { n: i + 1 })}
                    value={target}
                    disabled={readOnly}
                    error={errors[fieldName([...base, 'target'])]}
                    data={[
                      { value: 'companies', label: t({ id: 'contentEditor.target.companies' }) },
                      { value: 'company', label: t({ id: 'contentEditor.target.company' }) },
                      { value: 'merchants', label: t({ id: 'contentEditor.target.merchants' }) },
                    ]}
                    onChange={(event) => {
                      const next = event.currentTarget.value;
                      set(base, {
                        ...(getIn(value, base) as object),
                        target: next,
                        ...(next === 'company' ? {} : { companyId: null }),
                      });
                    }}
                  />
                  {target === 'company' ? <CompanyField path={[...base, 'companyId']} n={i + 1} /> : null}
                </>
              ) : null}
            </Stack>
          );
        }}
      />
      <Title order={3} size="h5">
        {t({ id: 'contentEditor.notification.texts' })}
      </Title>
      {TEXTS.map((name) => (
        <TextField
          key={name}
          path={['translations', name]}
          label={t({ id: `contentEditor.notification.text.${name}` })}
        />
      ))}
    </Stack>
  );
}

/** The structured editor of one kind of content, for one culture's value (in `EditorContext`). */
export function KindEditor({ kind }: { kind: ContentKind }) {
  const t: Msg = useIntl().formatMessage;
  switch (kind) {
    case 'faqs':
    case 'merchant-faqs':
      return <FaqsEditor />;
    case 'pages':
      return <PageEditor />;
    case 'menu':
    case 'merchant-menu':
      return <MenuEditor />;
    case 'footer':
    case 'merchant-footer':
      return <FooterEditor />;
    case 'error-codes':
      return <ErrorCodesEditor />;
    case 'video-tutorials':
      return <VideoTutorialsEditor />;
    case 'notifications':
      return <NotificationsEditor withTargets />;
    case 'merchant-notifications':
      return (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t({ id: 'contentEditor.notification.merchantHint' })}
          </Text>
          <NotificationsEditor withTargets={false} />
        </>
      );
  }
}
