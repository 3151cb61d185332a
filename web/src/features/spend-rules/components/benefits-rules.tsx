import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useBenefitsRules } from '../api/get-benefits-rules';
import { useCoreCategories } from '../api/get-core-categories';
import { BenefitsRuleForm } from './benefits-rule-form';
import { DeleteRuleButton } from './delete-rule-button';

/**
 * The MyBenefits tab: every core category with its monthly allowance per card (none set: the card
 * cannot be spent in that category), and for the ordering roles setting and removing one.
 */
export function BenefitsRules({ companyId, canEdit }: { companyId: string; canEdit: boolean }) {
  const intl = useIntl();
  const categories = useCoreCategories();
  const rules = useBenefitsRules(companyId);
  const [status, setStatus] = useState('');

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
      <Table.ScrollContainer minWidth={420}>
        <Table striped verticalSpacing="sm" aria-label={intl.formatMessage({ id: 'account.benefits.table' })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'account.benefits.col.category' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'account.benefits.col.allowance' })}</Table.Th>
              {canEdit ? (
                <Table.Th scope="col">
                  <VisuallyHidden>
                    {intl.formatMessage({ id: 'account.spendRules.col.actions' })}
                  </VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
                          onDeleted={(name) =>
                            setStatus(intl.formatMessage({ id: 'account.spendRules.deleted' }, { name }))
                          }
                        />
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <>
      <Text role="status" c="dimmed" mb={status ? 'sm' : 0}>
        {status}
      </Text>
      {list}
      {canEdit && categories.data && categories.data.length > 0 ? (
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          mt="xl"
          component="section"
          aria-labelledby="new-benefits-rule"
        >
          <Title order={2} size="h3" id="new-benefits-rule" mb="md">
            {intl.formatMessage({ id: 'account.benefits.title' })}
          </Title>
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
        </Paper>
      ) : null}
    </>
  );
}
