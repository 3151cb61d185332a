import { Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useAgents } from '../api/get-agents';
import { AccountHeader } from '../../../ui/account-header';
import { AGENT_KIND_LABELS } from '../components/labels';
import { PersonCard } from '../components/person-card';
import { useAccount } from '../../../lib/use-account';

/**
 * `/account/agents`: the provider's people who look after the company — its account manager and
 * customer care — with links to write or call.
 */
export function AgentsPage() {
  const intl = useIntl();
  const { companyId } = useAccount();
  const agents = useAgents(companyId ?? '');
  const title = intl.formatMessage({ id: 'account.agents.title' });
  useDocumentTitle(title);

  let body;
  if (agents.isPending) body = <LoadingState />;
  else if (agents.isError) body = <ErrorState onRetry={() => void agents.refetch()} />;
  else if (agents.data.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'account.agents.none' })} />;
  else {
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label={title}>
        {agents.data.map((agent) => (
          <PersonCard
            key={agent.userId}
            headingLevel={2}
            name={`${agent.firstName} ${agent.lastName}`.trim()}
            subtitle={intl.formatMessage({ id: AGENT_KIND_LABELS[agent.kind] })}
            email={agent.email}
            phone={agent.phone}
          />
        ))}
      </Stack>
    );
  }

  return (
    <section className="tessera-page tessera-page--narrow" aria-labelledby="agents-title">
      <AccountHeader
        id="agents-title"
        title={title}
        summary={intl.formatMessage({ id: 'account.agents.summary' })}
      />
      {body}
    </section>
  );
}
