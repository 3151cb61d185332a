import { Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import type { MerchantTransaction } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { declineReasonText } from '../dashboard/decline-reason';

type Props = {
  transactions: readonly MerchantTransaction[];
  /** What the table lists, said to screen readers (the section's title). */
  caption: string;
  /**
   * Buttons per transaction (a dispute, say): an actions column on a wide screen, the card's
   * actions row on a phone.
   */
  actions?: (transaction: MerchantTransaction) => ReactNode;
};

/**
 * The merchant's transactions (issue 34 §2 item 3). On a wide screen a table whose scroll region
 * is focusable (a keyboard reaches what is scrolled off); below the desktop layout each transaction
 * is a card (`ui/record-list.tsx`, as the company tables), its outcome beside its date and its
 * amount first, so nothing hides behind a sideways scroll at 360 px.
 */
export function TransactionsTable({ transactions, caption, actions }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const at = (transaction: MerchantTransaction) => (
    <time dateTime={transaction.at}>{formatDateTime(transaction.at, locale)}</time>
  );
  const terminal = (transaction: MerchantTransaction) =>
    `${transaction.terminalLabel} · MID ${transaction.mid}`;
  const outcome = (transaction: MerchantTransaction) =>
    transaction.outcome === 'approved' ? (
      <Badge color={BADGE_COLOR.green} variant="filled" radius="sm">
        {t('merchantDashboard.outcome.approved')}
      </Badge>
    ) : (
      <Badge color={BADGE_COLOR.red} variant="filled" radius="sm">
        {t('merchantDashboard.outcome.declined')}
      </Badge>
    );
  const product = (transaction: MerchantTransaction) =>
    transaction.product ? productName(transaction.product, locale) : '—';

  if (isNarrow) {
    return (
      <RecordList label={caption}>
        {transactions.map((transaction) => (
          <RecordItem
            key={transaction.transactionId}
            className="tessera-transaction"
            title={at(transaction)}
            aside={outcome(transaction)}
            fields={[
              {
                label: t('merchantDashboard.transactions.amount'),
                value: formatMoney(transaction.amountCents),
                isKey: true,
              },
              {
                label: t('merchantDashboard.transactions.where'),
                value: (
                  <>
                    {transaction.storeName}
                    <Text span display="block" size="xs" c="dimmed">
                      {terminal(transaction)}
                    </Text>
                  </>
                ),
                isWide: true,
              },
              {
                label: t('merchantDashboard.filters.kind'),
                value: t(`merchantDashboard.kind.${transaction.kind}`),
              },
              { label: t('merchantDashboard.filters.product'), value: product(transaction) },
              { label: t('merchantDashboard.transactions.card'), value: transaction.maskedCard ?? '—' },
              transaction.outcome === 'declined' && {
                label: t('merchantDashboard.transactions.declineReason'),
                value: declineReasonText(transaction.declineReason, locale),
                isWide: true,
              },
            ]}
            actions={actions?.(transaction)}
          />
        ))}
      </RecordList>
    );
  }

  return (
    <Table.ScrollContainer
      minWidth={actions ? 980 : 860}
      type="native"
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="tessera-transactions-table"
    >
      <Table verticalSpacing="xs" striped>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('merchantDashboard.transactions.at')}</Table.Th>
            <Table.Th scope="col">{t('merchantDashboard.transactions.where')}</Table.Th>
            <Table.Th scope="col">{t('merchantDashboard.filters.kind')}</Table.Th>
            <Table.Th scope="col">{t('merchantDashboard.filters.product')}</Table.Th>
            <Table.Th scope="col">{t('merchantDashboard.transactions.card')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('merchantDashboard.transactions.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('merchantDashboard.filters.outcome')}</Table.Th>
            {actions ? <Table.Th scope="col">{t('merchantDashboard.transactions.actions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((transaction) => (
            <Table.Tr key={transaction.transactionId}>
              <Table.Td>{at(transaction)}</Table.Td>
              <Table.Td>
                {transaction.storeName}
                <Text size="xs" c="dimmed">
                  {terminal(transaction)}
                </Text>
              </Table.Td>
              <Table.Td>{t(`merchantDashboard.kind.${transaction.kind}`)}</Table.Td>
              <Table.Td>{product(transaction)}</Table.Td>
              <Table.Td>{transaction.maskedCard ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatMoney(transaction.amountCents)}</Table.Td>
              <Table.Td>
                {outcome(transaction)}
                {transaction.outcome === 'declined' ? (
                  <Text size="xs">{declineReasonText(transaction.declineReason, locale)}</Text>
                ) : null}
              </Table.Td>
              {actions ? <Table.Td>{actions(transaction)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
