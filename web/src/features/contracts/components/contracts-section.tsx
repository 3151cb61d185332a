import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { PRODUCTS, type Contract } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useContracts } from '../api/get-contracts';
import { ContractAdminForm, ContractStatusSelect } from './contract-admin-form';

const STATUS_COLOR: Record<Contract['status'], string> = {
  active: 'tessera',
  pending: 'yellow',
  expired: 'gray',
};

/**
 * The company's contracts with the provider (`GET contracts`): per product its number, state,
 * validity and fees — the card fee in euros per new card, the load fee as a percentage of each load
 * (basis points on the wire), and the payment terms.
 */
export function ContractsSection({
  companyId,
  canManage = false,
}: {
  companyId: string;
  canManage?: boolean;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const contracts = useContracts(companyId);

  let body;
  if (contracts.isPending) body = <LoadingState />;
  else if (contracts.isError) body = <ErrorState onRetry={() => void contracts.refetch()} />;
  else if (contracts.data.length === 0) {
    body = <EmptyState message={intl.formatMessage({ id: 'account.contracts.none' })} />;
  } else {
    body = (
      <Stack gap="md">
        {contracts.data.map((contract) => {
          const product = PRODUCTS[contract.product].name[locale];
          const validity = contract.validTo
            ? intl.formatMessage(
                { id: 'account.contracts.validRange' },
                { from: formatDate(contract.validFrom, locale), to: formatDate(contract.validTo, locale) },
              )
            : intl.formatMessage(
                { id: 'account.contracts.validFrom' },
                { from: formatDate(contract.validFrom, locale) },
              );
          return (
            <Paper
              key={contract.contractId}
              component="article"
              withBorder
              radius="md"
              p={{ base: 'md', sm: 'lg' }}
              aria-label={product}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Title order={3} size="h4">
                  {product}
                </Title>
                <Badge
                  color={STATUS_COLOR[contract.status]}
                  variant="light"
                  radius="sm"
                  c={contract.status === 'pending' ? 'dark' : undefined}
                >
                  {intl.formatMessage({ id: `account.contracts.status.${contract.status}` })}
                </Badge>
              </Group>
              <dl className="tessera-definitions">
                <div>
                  <dt>{intl.formatMessage({ id: 'account.contracts.number' })}</dt>
                  <dd>{contract.contractNumber}</dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'account.contracts.validity' })}</dt>
                  <dd>{validity}</dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'account.contracts.cardFee' })}</dt>
                  <dd>
                    {intl.formatMessage(
                      { id: 'account.contracts.perCard' },
                      { amount: formatMoney(contract.cardFeeCents) },
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'account.contracts.loadFee' })}</dt>
                  <dd>
                    {intl.formatMessage(
                      { id: 'account.contracts.percent' },
                      { value: formatNumber(contract.loadFeeBasisPoints / 100, locale) },
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'account.contracts.paymentTerms' })}</dt>
                  <dd>
                    {intl.formatMessage(
                      { id: 'account.contracts.days' },
                      { days: contract.paymentTermsDays },
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'account.contracts.signedOn' })}</dt>
                  <dd>{formatDate(contract.signedOn, locale)}</dd>
                </div>
              </dl>
              {canManage ? <ContractStatusSelect companyId={companyId} contract={contract} /> : null}
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <section aria-labelledby="contracts-title" style={{ marginTop: '2rem' }}>
      <Title order={2} id="contracts-title" mb="md">
        {intl.formatMessage({ id: 'account.contracts.title' })}
      </Title>
      {body}
      {canManage ? <ContractAdminForm companyId={companyId} /> : null}
    </section>
  );
}
