import { Anchor, Table } from '@mantine/core';
import type { RecurringRuleSummary } from '@tessera/domain';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { paths } from '../../../app/paths';
import { formatNumber } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { amountText, formatDay, RULE_STATUS_BADGE, scheduleText } from './labels';
import { LastRun } from './last-run';
import { StatusBadge } from './status-badge';

/**
 * The company's rules: name (a link to the rule), product, schedule and amount in words, cards,
 * state, next run and last run. A table on wide screens; a card per rule on phones (360 px).
 */
export function RulesTable({ rules, isBusy }: { rules: readonly RecurringRuleSummary[]; isBusy: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const label = intl.formatMessage({ id: 'recurring.list.label' });
  const t = (id: MessageId) => intl.formatMessage({ id });

  const nameOf = (rule: RecurringRuleSummary) => (
    <Anchor component={LanguageLink} to={paths.recurringRule.href(rule.ruleId)} fw={600}>
      {rule.name}
    </Anchor>
  );
  const nextOf = (rule: RecurringRuleSummary) =>
    rule.nextRunDay ? formatDay(rule.nextRunDay, locale) : t('recurring.list.noNextRun');

  if (isNarrow) {
    return (
      <RecordList label={label} isBusy={isBusy}>
        {rules.map((rule) => (
          <RecordItem
            key={rule.ruleId}
            title={nameOf(rule)}
            aside={<StatusBadge badge={RULE_STATUS_BADGE[rule.status]} />}
            fields={[
              { label: t('recurring.column.product'), value: productName(rule.product, locale) },
              { label: t('recurring.column.cards'), value: formatNumber(rule.cardCount, locale) },
              {
                label: t('recurring.column.schedule'),
                value: scheduleText(intl, rule.schedule),
                isWide: true,
              },
              { label: t('recurring.column.amount'), value: amountText(intl, rule), isWide: true },
              { label: t('recurring.column.nextRun'), value: nextOf(rule), isKey: true },
              { label: t('recurring.column.lastRun'), value: <LastRun run={rule.lastRun} />, isWide: true },
            ]}
          />
        ))}
      </RecordList>
    );
  }

  return (
    <Table.ScrollContainer minWidth={960} type="native">
      <Table striped verticalSpacing="sm" aria-label={label} aria-busy={isBusy || undefined}>
        <Table.Thead>
          <Table.Tr>
            {(
              [
                'recurring.column.name',
                'recurring.column.product',
                'recurring.column.schedule',
                'recurring.column.amount',
                'recurring.column.cards',
                'recurring.column.status',
                'recurring.column.nextRun',
                'recurring.column.lastRun',
              ] as const
            ).map((id) => (
              <Table.Th key={id} scope="col">
                {t(id)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule) => (
            <Table.Tr key={rule.ruleId}>
              <Table.Td>{nameOf(rule)}</Table.Td>
              <Table.Td>{productName(rule.product, locale)}</Table.Td>
              <Table.Td>{scheduleText(intl, rule.schedule)}</Table.Td>
              <Table.Td>{amountText(intl, rule)}</Table.Td>
              <Table.Td>{formatNumber(rule.cardCount, locale)}</Table.Td>
              <Table.Td>
                <StatusBadge badge={RULE_STATUS_BADGE[rule.status]} />
              </Table.Td>
              <Table.Td>{nextOf(rule)}</Table.Td>
              <Table.Td>
                <LastRun run={rule.lastRun} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
