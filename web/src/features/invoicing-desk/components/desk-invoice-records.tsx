import { Anchor, Text } from '@mantine/core';
import { documentTypeLabel, type DeskInvoice } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import type { MessageId } from '../../../i18n/messages';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { AadeErrors } from './aade-errors';
import { InvoiceStateBadge } from './invoice-state-badge';
import { OUTCOME_TEXT } from './desk-texts';

/**
 * Documents as cards (every width: nothing hides behind a sideways scroll at 360 px): the number
 * (a link to the document), its type, state and customer, the total, and where it stands with
 * AADE — attempts, the last one and its outcome, the next retry, AADE's errors, the MARK.
 */
export function DeskInvoiceRecords({
  invoices,
  label,
  labelledBy,
  now,
}: {
  invoices: readonly DeskInvoice[];
  label?: string;
  labelledBy?: string;
  /** The moment a next retry is compared with ("now" when due). */
  now: Date;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <RecordList {...(labelledBy ? { labelledBy } : { label: label ?? '' })}>
      {invoices.map((invoice) => (
        <RecordItem
          key={invoice.invoiceId}
          title={
            <>
              <Anchor
                component={LanguageLink}
                to={paths.backOfficeInvoice.href(invoice.invoiceId)}
                fw={600}
                aria-label={t('invoiceDesk.detailsOf', { number: invoice.number })}
              >
                {invoice.number}
              </Anchor>
              <Text span display="block" size="xs" c="dimmed">
                {documentTypeLabel(invoice.documentType, locale)}
              </Text>
            </>
          }
          aside={<InvoiceStateBadge state={invoice.state} />}
          fields={[
            { label: t('invoiceDesk.col.gross'), value: formatMoney(invoice.grossCents), isKey: true },
            {
              label: t('invoiceDesk.col.customer'),
              value: (
                <span style={{ overflowWrap: 'anywhere' }}>
                  {t('invoiceDesk.customerOf', { name: invoice.customerName, vat: invoice.customerVat })}
                </span>
              ),
              isWide: true,
            },
            { label: t('invoiceDesk.col.issueDate'), value: formatDate(invoice.issueDate, locale) },
            { label: t('invoiceDesk.col.attempts'), value: String(invoice.attempts) },
            {
              label: t('invoiceDesk.col.lastAttempt'),
              value:
                invoice.lastAttemptAt && invoice.lastOutcome ? (
                  <>
                    {formatDateTime(invoice.lastAttemptAt, locale)}
                    <Text span display="block" size="xs" c="dimmed">
                      {t(OUTCOME_TEXT[invoice.lastOutcome])}
                    </Text>
                  </>
                ) : (
                  t('invoiceDesk.noAttempt')
                ),
            },
            invoice.nextAttemptAt !== null && {
              label: t('invoiceDesk.col.nextAttempt'),
              value:
                new Date(invoice.nextAttemptAt) <= now
                  ? t('invoiceDesk.nextAttempt.now')
                  : formatDateTime(invoice.nextAttemptAt, locale),
            },
            invoice.mark !== null && { label: t('invoiceDesk.col.mark'), value: invoice.mark },
            invoice.errors.length > 0 && {
              label: t('invoiceDesk.col.errors'),
              value: <AadeErrors errors={invoice.errors} />,
              isWide: true,
            },
          ]}
        />
      ))}
    </RecordList>
  );
}
