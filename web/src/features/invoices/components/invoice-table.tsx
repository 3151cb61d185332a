import { Anchor, Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CustomerInvoice } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import type { MessageId } from '../../../i18n/messages';
import { formatDate, formatMoney } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { RecordItem, RecordList } from '../../../ui/record-list';
import {
  documentHref,
  type COMPANY_INVOICES_PATH,
  type MERCHANT_INVOICES_PATH,
  type Party,
} from '../api/invoice-links';
import { DOCUMENT_TYPE_MESSAGE, LINE_KIND_MESSAGE, STATE_COLOR, STATE_MESSAGE } from './invoice-texts';

type Props = {
  invoices: readonly CustomerInvoice[];
  /** What the table lists, for screen readers. */
  caption: string;
  /** Where the documents' files are: the company's or the merchant's routes. */
  base: typeof COMPANY_INVOICES_PATH | typeof MERCHANT_INVOICES_PATH;
  /** Who the plain links name (provider staff; a user's own company or merchant needs it too). */
  party: Party;
  /** The company's documents show their order (not on the order's own page); the merchant's what they charge. */
  variant: 'company' | 'order' | 'merchant';
  isUpdating?: boolean;
};

/**
 * Invoices and credit notes: number and type, date, the order (or what they charge), the total (a
 * credit note's negative), where the document stands with AADE (state, MARK) and its PDF and
 * myDATA XML. A table on wide screens, a list of cards below the desktop layout (360 px too).
 */
export function InvoiceTable({ invoices, caption, base, party, variant, isUpdating = false }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const title = (invoice: CustomerInvoice) => (
    <Stack gap={0}>
      <Text fw={700} span>
        {invoice.number}
      </Text>
      <Text size="sm" c="dimmed" span>
        {t(DOCUMENT_TYPE_MESSAGE[invoice.documentType])}
      </Text>
      {invoice.credits ? (
        <Text size="sm" span>
          {t('invoices.credits', { number: invoice.credits.number })}
        </Text>
      ) : null}
    </Stack>
  );
  const amount = (invoice: CustomerInvoice) =>
    formatMoney(invoice.credits ? -invoice.grossCents : invoice.grossCents);
  const date = (invoice: CustomerInvoice) => (
    <time dateTime={invoice.issueDate}>{formatDate(`${invoice.issueDate}T12:00:00Z`, locale)}</time>
  );
  const subject = (invoice: CustomerInvoice): ReactNode => {
    if (variant === 'merchant') {
      return invoice.lineKinds.map((kind) => t(LINE_KIND_MESSAGE[kind])).join(', ') || '—';
    }
    if (invoice.orderId === null || invoice.orderNumber === null) return '—';
    return (
      <Anchor
        component={LanguageLink}
        to={paths.orderDetails.href(invoice.orderId)}
        aria-label={t('invoices.openOrder', { number: invoice.orderNumber })}
      >
        #{invoice.orderNumber}
      </Anchor>
    );
  };
  const badge = (invoice: CustomerInvoice) => (
    // Greek capitals drop their accents: the badge keeps the words as written.
    <Badge
      radius="sm"
      tt="none"
      fw={600}
      variant="filled"
      color={STATE_COLOR[invoice.state]}
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {t(STATE_MESSAGE[invoice.state])}
    </Badge>
  );
  const mydata = (invoice: CustomerInvoice, withBadge: boolean) => (
    <Stack gap={2} align="flex-start">
      {withBadge ? badge(invoice) : null}
      <Text size="sm" span className="tessera-invoices__nowrap">
        {invoice.mark ? t('invoices.mark', { mark: invoice.mark }) : t('invoices.noMark')}
      </Text>
      {invoice.isTransmissionFailure ? (
        <Text size="sm" c="orange.9" span>
          {t('invoices.failureNote')}
        </Text>
      ) : null}
    </Stack>
  );
  const files = (invoice: CustomerInvoice) => (
    <Group gap="md" wrap="nowrap">
      <Anchor
        href={documentHref(base, invoice.invoiceId, 'pdf', party, locale)}
        target="_blank"
        rel="noopener noreferrer"
        fw={600}
        aria-label={t('invoices.pdfLabel', { number: invoice.number })}
      >
        {t('invoices.pdf')}
      </Anchor>
      <Anchor
        href={documentHref(base, invoice.invoiceId, 'xml', party, locale)}
        download
        fw={600}
        aria-label={t('invoices.xmlLabel', { number: invoice.number })}
      >
        {t('invoices.xml')}
      </Anchor>
    </Group>
  );
  const subjectLabel = t(variant === 'merchant' ? 'invoices.column.for' : 'invoices.column.order');

  if (isNarrow) {
    return (
      <RecordList label={caption} isBusy={isUpdating}>
        {invoices.map((invoice) => (
          <RecordItem
            key={invoice.invoiceId}
            title={title(invoice)}
            aside={badge(invoice)}
            fields={[
              { label: t('invoices.column.amount'), value: amount(invoice), isKey: true },
              { label: t('invoices.column.date'), value: date(invoice) },
              variant !== 'order' && { label: subjectLabel, value: subject(invoice) },
              { label: t('invoices.column.mydata'), value: mydata(invoice, false), isWide: true },
            ]}
            actions={files(invoice)}
          />
        ))}
      </RecordList>
    );
  }

  return (
    <Table.ScrollContainer
      minWidth={760}
      type="native"
      role="region"
      aria-label={caption}
      tabIndex={0}
      aria-busy={isUpdating || undefined}
    >
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('invoices.column.number')}</Table.Th>
            <Table.Th scope="col">{t('invoices.column.date')}</Table.Th>
            {variant !== 'order' ? <Table.Th scope="col">{subjectLabel}</Table.Th> : null}
            <Table.Th scope="col" ta="end">
              {t('invoices.column.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('invoices.column.mydata')}</Table.Th>
            <Table.Th scope="col">{t('invoices.column.files')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.invoiceId}>
              <Table.Th scope="row" fw={400}>
                {title(invoice)}
              </Table.Th>
              <Table.Td>{date(invoice)}</Table.Td>
              {variant !== 'order' ? <Table.Td>{subject(invoice)}</Table.Td> : null}
              <Table.Td ta="end" className="tessera-amount tessera-invoices__nowrap">
                {amount(invoice)}
              </Table.Td>
              <Table.Td>{mydata(invoice, true)}</Table.Td>
              <Table.Td>{files(invoice)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
