import { Badge, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { formatDate, formatMoney } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { RecordItem, RecordList } from '../../../ui/record-list';
import type { MerchantCharge } from '../api/merchant-billing';

/** What the merchant owes for a list of charges: net, VAT and total. */
export function totalsOf(charges: readonly MerchantCharge[]) {
  // A charge's amount is what is owed, VAT included (domain/src/merchant-billing.ts).
  const totalCents = charges.reduce((sum, charge) => sum + charge.amountCents, 0);
  const vatCents = charges.reduce((sum, charge) => sum + charge.vatCents, 0);
  return { netCents: totalCents - vatCents, vatCents, totalCents };
}

function KindBadge({ charge }: { charge: MerchantCharge }) {
  const intl = useIntl();
  return (
    <Badge color={charge.kind === 'supplies' ? BADGE_COLOR.blue : BADGE_COLOR.slate} radius="sm">
      {intl.formatMessage({ id: `merchantAdmin.charges.kind.${charge.kind}` })}
    </Badge>
  );
}

/**
 * Charges as a table (a list of cards on narrow screens): what, which period, net, VAT, total;
 * paid charges also say when.
 */
export function ChargesTable({
  charges,
  labelledBy,
}: {
  charges: readonly MerchantCharge[];
  labelledBy: string;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const hasPaid = charges.some((charge) => charge.paidAt);
  const t = (id: MessageId) => intl.formatMessage({ id });

  if (isNarrow) {
    return (
      <RecordList labelledBy={labelledBy}>
        {charges.map((charge) => (
          <RecordItem
            key={charge.chargeId}
            title={<Text fw={600}>{charge.description}</Text>}
            aside={<KindBadge charge={charge} />}
            fields={[
              { label: t('merchantAdmin.charges.period'), value: charge.period },
              {
                label: t('merchantAdmin.charges.net'),
                value: formatMoney(charge.amountCents - charge.vatCents),
              },
              { label: t('merchantAdmin.charges.vat'), value: formatMoney(charge.vatCents) },
              {
                label: t('merchantAdmin.charges.total'),
                value: <span className="tessera-amount">{formatMoney(charge.amountCents)}</span>,
                isKey: true,
              },
              charge.paidAt
                ? { label: t('merchantAdmin.charges.paidAt'), value: formatDate(charge.paidAt, locale) }
                : null,
            ]}
          />
        ))}
      </RecordList>
    );
  }
  return (
    <Table striped withTableBorder aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('merchantAdmin.charges.description')}</Table.Th>
          <Table.Th scope="col">{t('merchantAdmin.charges.kind')}</Table.Th>
          <Table.Th scope="col">{t('merchantAdmin.charges.period')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('merchantAdmin.charges.net')}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {t('merchantAdmin.charges.vat')}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {t('merchantAdmin.charges.total')}
          </Table.Th>
          {hasPaid ? <Table.Th scope="col">{t('merchantAdmin.charges.paidAt')}</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {charges.map((charge) => (
          <Table.Tr key={charge.chargeId}>
            <Table.Td>{charge.description}</Table.Td>
            <Table.Td>
              <KindBadge charge={charge} />
            </Table.Td>
            <Table.Td>{charge.period}</Table.Td>
            <Table.Td ta="right">{formatMoney(charge.amountCents - charge.vatCents)}</Table.Td>
            <Table.Td ta="right">{formatMoney(charge.vatCents)}</Table.Td>
            <Table.Td ta="right" className="tessera-amount">
              {formatMoney(charge.amountCents)}
            </Table.Td>
            {hasPaid ? <Table.Td>{charge.paidAt ? formatDate(charge.paidAt, locale) : ''}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
