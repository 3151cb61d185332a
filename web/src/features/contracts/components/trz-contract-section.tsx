import { Badge, Paper, Title } from '@mantine/core';
import { ROLE } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useLocale } from '../../../lib/use-locale';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useTrzContract } from '../api/get-trz-contract';
import { TrzContractForm } from './trz-contract-form';

/**
 * The TRZ contract (the virtual Ticket Restaurant card's terms the company sets itself): everyone
 * reads it; the order manager changes it and, while it is unsigned, accepts it.
 */
export function TrzContractSection({ companyId }: { companyId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const session = useSession();
  const contract = useTrzContract(companyId);
  const isOrderManager = session.data?.user.userRoleId === ROLE.ORDER_MANAGER;

  let body;
  if (contract.isPending) body = <LoadingState />;
  else if (contract.isError) body = <ErrorState onRetry={() => void contract.refetch()} />;
  else if (contract.data === null)
    body = <EmptyState message={intl.formatMessage({ id: 'account.trz.none' })} />;
  else {
    const data = contract.data;
    const isSigned = data.status === 'active';
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <dl className="tessera-definitions">
          <div>
            <dt>{intl.formatMessage({ id: 'account.contracts.number' })}</dt>
            <dd>{data.contractNumber}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'account.trz.status' })}</dt>
            <dd>
              <Badge
                color={isSigned ? 'tessera' : 'yellow'}
                c={isSigned ? undefined : 'dark'}
                variant="light"
                radius="sm"
              >
                {intl.formatMessage({
                  id: isSigned ? 'account.trz.status.active' : 'account.trz.status.notSigned',
                })}
              </Badge>
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'account.trz.field.dailyAllowance' })}</dt>
            <dd>{formatMoney(data.dailyAllowanceCents)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'account.trz.field.monthlyLoadDay' })}</dt>
            <dd>{intl.formatMessage({ id: 'account.trz.loadDay' }, { day: data.monthlyLoadDay })}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'account.trz.field.invoiceEmail' })}</dt>
            <dd>{data.invoiceEmail || '—'}</dd>
          </div>
          {data.acceptedAt ? (
            <div>
              <dt>{intl.formatMessage({ id: 'account.trz.acceptedAt' })}</dt>
              <dd>{formatDateTime(data.acceptedAt, locale)}</dd>
            </div>
          ) : null}
        </dl>
        {isOrderManager ? (
          <>
            <Title order={3} size="h4" mt="lg" mb="md">
              {intl.formatMessage({ id: isSigned ? 'account.trz.editTitle' : 'account.trz.acceptTitle' })}
            </Title>
            <TrzContractForm companyId={companyId} contract={data} />
          </>
        ) : null}
      </Paper>
    );
  }

  return (
    <section aria-labelledby="trz-title" style={{ marginTop: '2rem' }}>
      <Title order={2} id="trz-title" mb="md">
        {intl.formatMessage({ id: 'account.trz.title' })}
      </Title>
      {body}
    </section>
  );
}
