import { Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useBenefitsRules } from '../api/get-benefits-rules';
import { useCoreCategories } from '../api/get-core-categories';
import { BenefitsRuleForm } from './benefits-rule-form';
import { DeleteRuleButton } from './delete-rule-button';
import { RulesTab, RulesTable, useRulesStatus } from './rules-tab';

/**
 * The MyBenefits tab: every core category with its monthly allowance per card (none set: the card
 * cannot be spent in that category), and for the ordering roles setting and removing one.
 */
export function BenefitsRules({ companyId, canEdit }: { companyId: string; canEdit: boolean }) {
  const intl = useIntl();
  const categories = useCoreCategories();
  const rules = useBenefitsRules(companyId);
  const { status, setStatus, announceDeleted } = useRulesStatus();

  let list;
  if (categories.isPending || rules.isPending) list = <LoadingState />;
  else if (categories.isError || rules.isError) {
    list = (
      <ErrorState
        onRetry={() => {
          if (categories.isError) void categories.refetch();
          if (rules.isError) void rules.refetch();
        }}
      />
    );
  } else if (categories.data.length === 0) {
    list = <EmptyState message={intl.formatMessage({ id: 'account.benefits.none' })} />;
  } else {
    const ruleOf = new Map(
      rules.data.flatMap((rule) =>
        rule.target.kind === 'core' ? [[rule.target.coreCategory, rule] as const] : [],
      ),
    );
    list = (
      <RulesTable
        label={intl.formatMessage({ id: 'account.benefits.table' })}
        minWidth={420}
        columns={[
          intl.formatMessage({ id: 'account.benefits.col.category' }),
          intl.formatMessage({ id: 'account.benefits.col.allowance' }),
        ]}
        canEdit={canEdit}
      >
        {categories.data.map((category) => {
          const rule = ruleOf.get(category.code);
          return (
            <Table.Tr key={category.code}>
              <Table.Th scope="row" fw={400}>
                {category.name}
              </Table.Th>
              <Table.Td>
                {rule && rule.limitCents !== null
                  ? intl.formatMessage(
                      { id: 'account.benefits.perMonth' },
                      { amount: formatMoney(rule.limitCents) },
                    )
                  : intl.formatMessage({ id: 'account.benefits.notSet' })}
              </Table.Td>
              {canEdit ? (
                <Table.Td>
                  {rule ? (
                    <DeleteRuleButton
                      companyId={companyId}
                      ruleId={rule.ruleId}
                      name={category.name}
                      onDeleted={announceDeleted}
                    />
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          );
        })}
      </RulesTable>
    );
  }

  return (
    <RulesTab
      status={status}
      list={list}
      form={
        canEdit && categories.data && categories.data.length > 0
          ? {
              id: 'new-benefits-rule',
              title: intl.formatMessage({ id: 'account.benefits.title' }),
              content: (
                <BenefitsRuleForm
                  companyId={companyId}
                  categories={categories.data}
                  onSaved={(rule) => {
                    const name =
                      categories.data.find(
                        (c) => rule.target.kind === 'core' && c.code === rule.target.coreCategory,
                      )?.name ?? rule.name;
                    setStatus(intl.formatMessage({ id: 'account.benefits.saved' }, { name }));
                  }}
                />
              ),
            }
          : null
      }
    />
  );
}
