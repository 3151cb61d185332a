import { Accordion, Badge, List, Table, Text, Title } from '@mantine/core';
import type {
  ContentKind,
  ErrorCodesResponse,
  FaqsResponse,
  FooterResponse,
  Locale,
  MenuItem,
  MenuResponse,
  NotificationsContentResponse,
  PageResponse,
  VideoTutorialsResponse,
} from '@tessera/domain';
import { useIntl } from 'react-intl';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { PageHeader } from '../../../ui/page-header';
import { RichText } from '../../../ui/rich-text';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useContentPreview } from '../api/content-editor';

function MenuTree({ items }: { items: MenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <List size="sm" withPadding>
      {items.map((item) => (
        <List.Item key={item.systemName || item.link.id}>
          {item.text}{' '}
          <Text span c="dimmed" size="xs">
            {item.link.url}
          </Text>
          <MenuTree items={item.children} />
        </List.Item>
      ))}
    </List>
  );
}

/** A preview answer shown the way its public page shows it (the same sanitised HTML, the same parts). */
function Rendered({ kind, preview }: { kind: ContentKind; preview: unknown }) {
  const intl = useIntl();
  switch (kind) {
    case 'faqs':
    case 'merchant-faqs':
      return (
        <>
          {(preview as FaqsResponse).groups.map((group) => (
            <section key={group.id}>
              <Title order={3} size="h4" mb="xs">
                {group.title}
              </Title>
              <Accordion variant="separated" multiple defaultValue={group.items.map((item) => item.id)}>
                {group.items.map((item) => (
                  <Accordion.Item key={item.id} value={item.id}>
                    <Accordion.Control>{item.question}</Accordion.Control>
                    <Accordion.Panel>
                      <RichText html={item.answerHtml} />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </section>
          ))}
        </>
      );
    case 'pages': {
      const { page } = preview as PageResponse;
      return (
        <article>
          <PageHeader title={page.title} summary={page.summary} />
          <RichText html={page.bodyHtml} />
          {page.sections.map((section, index) => (
            <section key={index}>
              <Title order={3} size="h5">
                {section.title}
              </Title>
              <Text size="sm">{section.text}</Text>
            </section>
          ))}
        </article>
      );
    }
    case 'menu':
    case 'merchant-menu':
      return <MenuTree items={(preview as MenuResponse).main_menu} />;
    case 'footer':
    case 'merchant-footer': {
      const footer = preview as FooterResponse;
      return (
        <>
          {footer.footerColumns.map((column, index) => (
            <section key={index}>
              <Title order={3} size="h5">
                {column.columnTitle}
              </Title>
              <List size="sm">
                {column.columnLinks.map((link) => (
                  <List.Item key={link.id}>{link.title}</List.Item>
                ))}
              </List>
            </section>
          ))}
          <Text size="sm">{footer.copyright}</Text>
        </>
      );
    }
    case 'error-codes':
      return (
        <Table>
          <Table.Tbody>
            {(preview as ErrorCodesResponse).errorCodes.map((entry) => (
              <Table.Tr key={entry.errorCode}>
                <Table.Td>{entry.errorCode}</Table.Td>
                <Table.Td>{entry.errorCodeMessage}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    case 'video-tutorials':
      return (
        <List size="sm">
          {(preview as VideoTutorialsResponse).items.map((item) => (
            <List.Item key={item.id}>
              <strong>{item.title}</strong> — {item.description}
            </List.Item>
          ))}
        </List>
      );
    case 'notifications':
    case 'merchant-notifications': {
      const content = preview as NotificationsContentResponse;
      return (
        <>
          <Title order={3} size="h5">
            {content.translations.title}
          </Title>
          <List size="sm">
            {content.umbracoNotifications.map((item) => (
              <List.Item key={item.notificationId}>
                <strong>{item.title}</strong> — {item.excerpt}{' '}
                <Badge color={BADGE_COLOR.slate} size="xs">
                  {intl.formatDate(item.notificationDateTime, { dateStyle: 'short' })}
                  {item.notificationEndDateTime
                    ? ` – ${intl.formatDate(item.notificationEndDateTime, { dateStyle: 'short' })}`
                    : ''}
                </Badge>
              </List.Item>
            ))}
          </List>
        </>
      );
    }
  }
}

/** The preview of `key` in one culture, fetched from the server (drafts over the live entries). */
export function ContentPreview({
  kind,
  entryKey,
  locale,
}: {
  kind: ContentKind;
  entryKey: string;
  locale: Locale;
}) {
  const intl = useIntl();
  const preview = useContentPreview(entryKey, locale, true);
  const heading = intl.formatMessage({
    id: locale === 'el' ? 'contentEditor.greek' : 'contentEditor.english',
  });
  return (
    <section
      className="tessera-content-preview"
      aria-label={intl.formatMessage({ id: 'contentEditor.previewIn' }, { language: heading })}
      lang={locale}
    >
      <Title order={2} size="h4" mb="sm">
        {heading}
      </Title>
      {preview.isPending ? (
        <LoadingState />
      ) : preview.isError ? (
        <ErrorState onRetry={() => void preview.refetch()} />
      ) : (
        <Rendered kind={kind} preview={preview.data.preview} />
      )}
    </section>
  );
}
