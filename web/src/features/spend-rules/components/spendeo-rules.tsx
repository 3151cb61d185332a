import { Badge, Table } from '@mantine/core';
import type { SpendRule } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useSpendRules } from '../api/get-spend-rules';
import { DeleteRuleButton } from './delete-rule-button';
import { SPEND_CATEGORY_LABELS, SPEND_PERIOD_LABELS } from './labels';
import { RulesTab, RulesTable, useRulesStatus } from './rules-tab';
import { SpendRuleForm } from './spend-rule-form';

/** The Spendeo tab: the company's rules, and for the ordering roles their creation and deletion. */
export function SpendeoRules({ companyId, canEdit }: { companyId: string; canEdit: boolean }) {
  const intl = useIntl();
  const rules = useSpendRules(companyId);
  const { status, setStatus, announceDeleted } = useRulesStatus();

  const targetOf = (rule: SpendRule) => {
    switch (rule.target.kind) {
      case 'category':
        return intl.formatMessage({ id: SPEND_CATEGORY_LABELS[rule.target.category] });
      case 'merchant':
        return intl.formatMessage({ id: 'account.spendRules.merchant' }, { merchant: rule.target.merchant });
      case 'period':
        return intl.formatMessage({ id: 'account.spendRules.allSpending' });
      case 'core':
        return rule.target.coreCategory;
    }
  };
  const limitOf = (rule: SpendRule) =>
    rule.limitCents === null ? (
      <Badge color="red" variant="light" radius="sm">
        {intl.formatMessage({ id: 'account.spendRules.blocked' })}
      </Badge>
    ) : (
      intl.formatMessage(
        { id: 'account.spendRules.limit' },
        {
          amount: formatMoney(rule.limitCents),
          period: intl.formatMessage({ id: SPEND_PERIOD_LABELS[rule.period] }),
        },
      )
    );

  let list;
  if (rules.isPending) list = <LoadingState />;
  else if (rules.isError) list = <ErrorState onRetry={() => void rules.refetch()} />;
  else if (rules.data.length === 0)
    list = <EmptyState message={intl.formatMessage({ id: 'account.spendRules.none' })} />;
  else {
    list = (
      <RulesTable
        label={intl.formatMessage({ id: 'account.spendRules.spendeoTable' })}
        minWidth={520}
        columns={[
          intl.formatMessage({ id: 'account.spendRules.col.name' }),
          intl.formatMessage({ id: 'account.spendRules.col.target' }),
          intl.formatMessage({ id: 'account.spendRules.col.limit' }),
        ]}
        canEdit={canEdit}
      >
        {rules.data.map((rule) => (
          <Table.Tr key={rule.ruleId}>
            <Table.Td>{rule.name}</Table.Td>
            <Table.Td>{targetOf(rule)}</Table.Td>
            <Table.Td>{limitOf(rule)}</Table.Td>
            {canEdit ? (
              <Table.Td>
                <DeleteRuleButton
                  companyId={companyId}
                  ruleId={rule.ruleId}
                  name={rule.name}
                  onDeleted={announceDeleted}
                />
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </RulesTable>
    );
  }

  return (
    <RulesTab
      status={status}
      list={list}
      form={
        canEdit
          ? {
              id: 'new-spend-rule',
              title: intl.formatMessage({ id: 'account.spendRule.title' }),
              content: (
                <SpendRuleForm
                  companyId={companyId}
                  onCreated={(rule) =>
                    setStatus(intl.formatMessage({ id: 'account.spendRule.created' }, { name: rule.name }))
                  }
                />
              ),
            }
          : null
      }
    />
  );
}
