import { Table, Text, Title } from '@mantine/core';
import { FEE_PRODUCTS, FEE_VAT_BASIS_POINTS, feeOf, type FeePlan } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { RecordItem, RecordList } from '../../../ui/record-list';

/** The sale the example column works on: 100,00 €. */
const EXAMPLE_SALE_CENTS = 10_000;

/**
 * The merchant's fee per product, in the open (research pain 10: merchants complain of opaque
 * fees): the rate, the VAT on the fee, and what a 100 € sale leaves after both — the same
 * arithmetic the settlement applies (`feeOf`).
 */
export function FeePlanTable({ feePlan }: { feePlan: FeePlan }) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const rows = FEE_PRODUCTS.flatMap((product) => {
    const basisPoints = feePlan[product];
    return basisPoints === undefined
      ? []
      : [{ product, basisPoints, ...feeOf(EXAMPLE_SALE_CENTS, basisPoints) }];
  });
  const percent = (basisPoints: number) =>
    intl.formatMessage(
      { id: 'merchantAdmin.fees.percent' },
      { value: formatNumber(basisPoints / 100, locale) },
    );

  return (
    <section aria-labelledby="fee-plan-title" className="tessera-merchant-card">
      <Title order={2} size="h3" id="fee-plan-title" mb="xs">
        {intl.formatMessage({ id: 'merchantAdmin.fees.title' })}
      </Title>
      <Text mb="md">
        {intl.formatMessage(
          { id: 'merchantAdmin.fees.intro' },
          { vat: percent(FEE_VAT_BASIS_POINTS), sale: formatMoney(EXAMPLE_SALE_CENTS) },
        )}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'merchantAdmin.fees.none' })}</Text>
      ) : isNarrow ? (
        <RecordList labelledBy="fee-plan-title">
          {rows.map((row) => (
            <RecordItem
              key={row.product}
              title={<Text fw={600}>{productName(row.product, locale)}</Text>}
              fields={[
                {
                  label: intl.formatMessage({ id: 'merchantAdmin.fees.rate' }),
                  value: percent(row.basisPoints),
                },
                {
                  label: intl.formatMessage({ id: 'merchantAdmin.fees.net' }),
                  value: <span className="tessera-amount">{formatMoney(row.netCents)}</span>,
                },
                {
                  label: intl.formatMessage(
                    { id: 'merchantAdmin.fees.example' },
                    { sale: formatMoney(EXAMPLE_SALE_CENTS) },
                  ),
                  value: intl.formatMessage(
                    { id: 'merchantAdmin.fees.exampleValue' },
                    { fee: formatMoney(row.feeCents), vat: formatMoney(row.vatCents) },
                  ),
                  isWide: true,
                },
              ]}
            />
          ))}
        </RecordList>
      ) : (
        <Table striped withTableBorder aria-labelledby="fee-plan-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'merchantAdmin.fees.product' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'merchantAdmin.fees.rate' })}</Table.Th>
              <Table.Th scope="col">
                {intl.formatMessage(
                  { id: 'merchantAdmin.fees.example' },
                  { sale: formatMoney(EXAMPLE_SALE_CENTS) },
                )}
              </Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'merchantAdmin.fees.net' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.product}>
                <Table.Th scope="row">{productName(row.product, locale)}</Table.Th>
                <Table.Td>{percent(row.basisPoints)}</Table.Td>
                <Table.Td>
                  {intl.formatMessage(
                    { id: 'merchantAdmin.fees.exampleValue' },
                    { fee: formatMoney(row.feeCents), vat: formatMoney(row.vatCents) },
                  )}
                </Table.Td>
                <Table.Td className="tessera-amount">{formatMoney(row.netCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
