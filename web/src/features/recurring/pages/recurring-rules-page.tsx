import { Button, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useRecurringRules } from '../api/get-recurring-rules';
import { ReminderSettings } from '../components/reminder-settings';
import { RulesTable } from '../components/rules-table';
import { useCanManageRules } from '../hooks/use-can-manage-rules';
import '../recurring.css';

/** What the rule's page passes on when it deleted the rule: the list announces it. */
export type RulesPageState = { deletedName?: string };

/**
 * `/orders/recurring-rules` (issue 19 §2): the company's recurring loads: standing instructions that
 * load the same cards every period (a monthly meal allowance set once). Every company role reads
 * them; the order manager and provider staff create them and set the reminder e-mail.
 */
export function RecurringRulesPage() {
  const intl = useIntl();
  const location = useLocation();
  const canManage = useCanManageRules();
  const rules = useRecurringRules();
  const title = intl.formatMessage({ id: 'recurring.list.title' });
  useDocumentTitle(title);
  const deletedName = (location.state as RulesPageState | null)?.deletedName;

  const newButton = canManage ? (
    <Button component={LanguageLink} to={paths.recurringRuleNew.href()}>
      {intl.formatMessage({ id: 'recurring.list.new' })}
    </Button>
  ) : null;

  let content;
  if (rules.isPending) {
    content = <LoadingState label={intl.formatMessage({ id: 'recurring.list.loading' })} />;
  } else if (rules.isError) {
    content = (
      <ErrorState
        message={intl.formatMessage({ id: 'recurring.list.error' })}
        onRetry={() => void rules.refetch()}
      />
    );
  } else if (rules.data.rules.length === 0) {
    content = (
      <Stack align="center" gap="md">
        <EmptyState message={intl.formatMessage({ id: 'recurring.list.empty' })} />
        <Text ta="center" maw={640}>
          {intl.formatMessage({ id: canManage ? 'recurring.list.emptyHow' : 'recurring.list.emptyReadOnly' })}
        </Text>
        {newButton}
      </Stack>
    );
  } else {
    content = <RulesTable rules={rules.data.rules} isBusy={rules.isFetching} />;
  }

  return (
    <section className="tessera-page tessera-recurring" aria-labelledby="recurring-rules-title">
      <div className="tessera-page-header">
        <Title order={1} id="recurring-rules-title">
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: 'recurring.list.summary' })}
        </Text>
      </div>
      {rules.data && rules.data.rules.length > 0 && newButton ? (
        <div className="tessera-recurring__toolbar">{newButton}</div>
      ) : null}
      <Text role="status" c="teal.9" fw={600} mb={deletedName ? 'md' : 0}>
        {deletedName ? intl.formatMessage({ id: 'recurring.rule.deleted' }, { name: deletedName }) : ''}
      </Text>
      {content}
      {rules.data ? <ReminderSettings settings={rules.data.settings} canEdit={canManage} /> : null}
    </section>
  );
}
