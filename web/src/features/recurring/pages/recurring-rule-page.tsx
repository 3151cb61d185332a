import { Anchor, Button, Group, Paper, Text, Title } from '@mantine/core';
import { localePath, type RecurringRuleView } from '@tessera/domain';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { formatDateTime } from '../../../lib/format';
import { PAYMENT_METHOD_MESSAGE, productName } from '../../../lib/labels';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useRecurringRule } from '../api/get-recurring-rule';
import { useRecurringPreview } from '../api/preview-recurring-rule';
import { usePauseRecurringRule, useResumeRecurringRule } from '../api/set-rule-paused';
import { DeleteRuleButton } from '../components/delete-rule-button';
import {
  amountText,
  formatDay,
  RULE_STATUS_BADGE,
  scheduleText,
  SUBMIT_MODE_MESSAGE,
} from '../components/labels';
import { PreviewRuns } from '../components/preview-runs';
import { RuleCards } from '../components/rule-cards';
import { RuleEditor } from '../components/rule-editor';
import { RunHistory } from '../components/run-history';
import { StatusBadge } from '../components/status-badge';
import { useCanManageRules } from '../hooks/use-can-manage-rules';
import { formOfRule } from '../model';
import type { RulesPageState } from './recurring-rules-page';
import '../recurring.css';

/** What the editor passes on when it saved the rule: the page announces it. */
export type RulePageState = { savedName?: string; isNew?: boolean };

/**
 * `/orders/recurring-rules/:ruleId` (issue 19 §2): one rule: its name, state, schedule and next
 * run; for those who manage rules, Edit (`?mode=edit`: the editor in place), Pause or Resume and
 * Delete; its cards; the next three runs priced now; and its past runs with the orders they made.
 */
export function RecurringRulePage() {
  const intl = useIntl();
  const { ruleId = '' } = useParams();
  const [params] = useSearchParams();
  const canManage = useCanManageRules();
  const rule = useRecurringRule(ruleId);
  const isEditing = canManage && params.get('mode') === 'edit';
  useDocumentTitle(rule.data?.name ?? intl.formatMessage({ id: 'recurring.rule.title' }));

  let content;
  if (rule.isPending) {
    content = <LoadingState label={intl.formatMessage({ id: 'recurring.rule.loading' })} />;
  } else if (rule.isError) {
    content = (
      <ErrorState
        message={intl.formatMessage({ id: 'recurring.rule.error' })}
        onRetry={() => void rule.refetch()}
      />
    );
  } else {
    // Another rule's page starts over (its runs' page, its cards' typed amounts).
    content = isEditing ? (
      <EditRule rule={rule.data} />
    ) : (
      <RuleView key={rule.data.ruleId} rule={rule.data} canManage={canManage} />
    );
  }

  return (
    <section className="tessera-page tessera-recurring" aria-labelledby="recurring-rule-title">
      <Anchor component={LanguageLink} to={paths.recurringRules.href()} size="sm">
        {intl.formatMessage({ id: 'recurring.backToList' })}
      </Anchor>
      {rule.data ? null : (
        <Title order={1} id="recurring-rule-title" className="tessera-page-header">
          {intl.formatMessage({ id: 'recurring.rule.title' })}
        </Title>
      )}
      {content}
    </section>
  );
}

/** The editor on the rule's page: a full update of the rule, then its page again. */
function EditRule({ rule }: { rule: RecurringRuleView }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const initial = useMemo(() => formOfRule(rule), [rule]);
  const viewHref = paths.recurringRule.href(rule.ruleId);
  return (
    <>
      <div className="tessera-page-header">
        <Title order={1} id="recurring-rule-title">
          {intl.formatMessage({ id: 'recurring.edit.title' }, { name: rule.name })}
        </Title>
      </div>
      <RuleEditor
        // A rule read again (another tab saved it) starts the editor over.
        key={rule.updatedAt}
        initial={initial}
        ruleId={rule.ruleId}
        cancelHref={viewHref}
        onSaved={(saved) =>
          void navigate(localePath(locale, viewHref), {
            replace: true,
            state: { savedName: saved.name } satisfies RulePageState,
          })
        }
      />
    </>
  );
}

function RuleView({ rule, canManage }: { rule: RecurringRuleView; canManage: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const pause = usePauseRecurringRule();
  const resume = useResumeRecurringRule();
  const [status, setStatus] = useState('');
  const saved = location.state as RulePageState | null;
  const announcement =
    status ||
    (saved?.savedName
      ? intl.formatMessage(
          { id: saved.isNew ? 'recurring.rule.created' : 'recurring.rule.saved' },
          { name: saved.savedName },
        )
      : '');

  const togglePause = async () => {
    if (rule.status === 'active') {
      const updated = await pause.mutateAsync(rule.ruleId);
      if (updated) setStatus(intl.formatMessage({ id: 'recurring.rule.paused' }, { name: updated.name }));
    } else {
      const updated = await resume.mutateAsync(rule.ruleId);
      if (updated) setStatus(intl.formatMessage({ id: 'recurring.rule.resumed' }, { name: updated.name }));
    }
  };

  return (
    <>
      <div className="tessera-page-header tessera-recurring__header">
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} id="recurring-rule-title">
            {rule.name}
          </Title>
          <StatusBadge badge={RULE_STATUS_BADGE[rule.status]} />
        </Group>
        <Text size="lg" className="tessera-page-header__summary">
          {scheduleText(intl, rule.schedule)} · {amountText(intl, rule)}
        </Text>
        <Text fw={600}>
          {rule.nextRunDay
            ? intl.formatMessage(
                { id: 'recurring.rule.nextRun' },
                { day: formatDay(rule.nextRunDay, locale) },
              )
            : intl.formatMessage({ id: `recurring.rule.noNextRun.${rule.status}` })}
        </Text>
      </div>
      {canManage ? (
        <Group gap="sm" mb="lg" wrap="wrap">
          <Button component={LanguageLink} to={paths.recurringRule.href(rule.ruleId, { isEditing: true })}>
            {intl.formatMessage({ id: 'recurring.rule.edit' })}
          </Button>
          {rule.status === 'ended' ? null : (
            <LoadingButton
              variant="light"
              isLoading={pause.isPending || resume.isPending}
              onClick={() => void togglePause()}
            >
              {intl.formatMessage({
                id: rule.status === 'active' ? 'recurring.rule.pause' : 'recurring.rule.resume',
              })}
            </LoadingButton>
          )}
          <DeleteRuleButton
            ruleId={rule.ruleId}
            name={rule.name}
            onDeleted={() =>
              void navigate(localePath(locale, paths.recurringRules.href()), {
                state: { deletedName: rule.name } satisfies RulesPageState,
              })
            }
          />
        </Group>
      ) : null}
      <Text role="status" c="teal.9" fw={600} mb={announcement ? 'md' : 0}>
        {announcement}
      </Text>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="rule-details"
      >
        <Title order={2} size="h3" id="rule-details" mb="sm">
          {intl.formatMessage({ id: 'recurring.rule.details' })}
        </Title>
        <dl className="tessera-recurring-facts tessera-recurring-facts--wide">
          <div>
            <dt>{intl.formatMessage({ id: 'recurring.field.product' })}</dt>
            <dd>{productName(rule.product, locale)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'recurring.column.amount' })}</dt>
            <dd>{amountText(intl, rule)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'recurring.column.schedule' })}</dt>
            <dd>{scheduleText(intl, rule.schedule)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'recurring.rule.window' })}</dt>
            <dd>
              {rule.endDay
                ? intl.formatMessage(
                    { id: 'recurring.rule.windowFromTo' },
                    { start: formatDay(rule.startDay, locale), end: formatDay(rule.endDay, locale) },
                  )
                : intl.formatMessage(
                    { id: 'recurring.rule.windowFrom' },
                    { start: formatDay(rule.startDay, locale) },
                  )}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'recurring.field.submitMode' })}</dt>
            <dd>{intl.formatMessage({ id: SUBMIT_MODE_MESSAGE[rule.submitMode].label })}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'recurring.field.paymentMethod' })}</dt>
            <dd>{intl.formatMessage({ id: PAYMENT_METHOD_MESSAGE[rule.paymentMethod] })}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'recurring.rule.createdBy' })}</dt>
            <dd>
              {intl.formatMessage(
                { id: 'recurring.rule.createdByValue' },
                { name: rule.createdBy, at: formatDateTime(rule.createdAt, locale) },
              )}
            </dd>
          </div>
        </dl>
      </Paper>

      <section aria-labelledby="rule-cards" className="tessera-recurring-section">
        <Title order={2} size="h3" id="rule-cards" mb="sm">
          {intl.formatMessage({ id: 'recurring.field.lines' })}
        </Title>
        <RuleCards rule={rule} canEdit={canManage} />
      </section>

      <section aria-labelledby="rule-preview" className="tessera-recurring-section">
        <Title order={2} size="h3" id="rule-preview" mb="xs">
          {intl.formatMessage({ id: 'recurring.preview.title' })}
        </Title>
        <Text size="sm" mb="sm">
          {intl.formatMessage({ id: 'recurring.preview.savedIntro' })}
        </Text>
        <SavedPreview rule={rule} />
      </section>

      <section aria-labelledby="rule-runs" className="tessera-recurring-section">
        <Title order={2} size="h3" id="rule-runs" mb="sm">
          {intl.formatMessage({ id: 'recurring.runs.title' })}
        </Title>
        <RunHistory ruleId={rule.ruleId} labelledBy="rule-runs" />
      </section>
    </>
  );
}

/** The saved rule's next three runs (`previewRecurringRule`), read with the page. */
function SavedPreview({ rule }: { rule: RecurringRuleView }) {
  const intl = useIntl();
  const preview = useRecurringPreview(rule.ruleId);
  if (preview.isPending)
    return <LoadingState label={intl.formatMessage({ id: 'recurring.preview.loading' })} />;
  if (preview.isError) return <ErrorState onRetry={() => void preview.refetch()} />;
  return (
    <PreviewRuns
      runs={preview.data}
      amountMode={rule.amountMode}
      schedule={rule.schedule}
      startDay={rule.startDay}
      label={intl.formatMessage({ id: 'recurring.preview.listLabel' })}
    />
  );
}
