import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { CreateBenefitsRuleRequestSchema, type SpendRule } from '@tessera/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import {
  parseEuros,
  registerText,
  reportIssuesOf,
  setServerErrors,
  useZodResolver,
} from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { useCreateBenefitsRule } from '../api/create-benefits-rule';
import { FormAlert } from '../../../ui/form-alert';

const MONTHLY_CENTS = CreateBenefitsRuleRequestSchema.shape.monthlyLimitCents;

/** Euros as typed in the form; the request (cents) is checked with the domain schema. */
const BenefitsRuleFormSchema = z
  .object({ coreCategory: z.string(), monthlyLimit: z.string() })
  .transform((form, ctx) => {
    const amount = parseEuros(form.monthlyLimit, MONTHLY_CENTS);
    if ('message' in amount)
      ctx.addIssue({ code: 'custom', path: ['monthlyLimit'], message: amount.message });
    const request = {
      coreCategory: form.coreCategory,
      monthlyLimitCents: 'cents' in amount ? amount.cents : undefined,
    };
    return reportIssuesOf(CreateBenefitsRuleRequestSchema, request, ctx, (path) =>
      path[0] === 'monthlyLimitCents' ? ['monthlyLimit'] : path,
    );
  });
type FormValues = z.input<typeof BenefitsRuleFormSchema>;
type ValidValues = z.output<typeof BenefitsRuleFormSchema>;

/**
 * Sets the monthly allowance of one MyBenefits core category (a category has one allowance; the
 * server replaces the previous one).
 */
export function BenefitsRuleForm({
  companyId,
  categories,
  onSaved,
}: {
  companyId: string;
  categories: readonly { code: string; name: string }[];
  onSaved: (rule: SpendRule) => void;
}) {
  const intl = useIntl();
  const create = useCreateBenefitsRule(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, ValidValues>({
    resolver: useZodResolver(BenefitsRuleFormSchema),
    defaultValues: { coreCategory: '', monthlyLimit: '' },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;

  const onValid = async (values: ValidValues) => {
    setFailure(null);
    const result = await create.mutateAsync(values);
    if (result.ok) {
      form.reset({ coreCategory: '', monthlyLimit: '' });
      onSaved(result.data.rule);
      return;
    }
    const { coreCategory, monthlyLimitCents } = result.fieldErrors;
    setServerErrors(form.setError, { coreCategory, monthlyLimit: monthlyLimitCents });
    if (!coreCategory && !monthlyLimitCents) {
      setFailure(result.message ?? intl.formatMessage({ id: 'account.form.failed' }));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label={intl.formatMessage({ id: 'account.benefits.field.coreCategory' })}
          withAsterisk
          aria-required
          data={[
            { value: '', label: intl.formatMessage({ id: 'account.spendRule.chooseCategory' }) },
            ...categories.map((category) => ({ value: category.code, label: category.name })),
          ]}
          {...form.register('coreCategory')}
          error={errors.coreCategory?.message}
        />
        <TextInput
          label={intl.formatMessage({ id: 'account.benefits.field.monthlyLimit' })}
          description={intl.formatMessage({ id: 'account.amountHint' })}
          inputMode="decimal"
          withAsterisk
          aria-required
          {...registerText(form.register, 'monthlyLimit')}
          error={errors.monthlyLimit?.message}
        />
      </SimpleGrid>
      <LoadingButton type="submit" mt="lg" isLoading={create.isPending}>
        {intl.formatMessage({ id: 'account.benefits.submit' })}
      </LoadingButton>
    </form>
  );
}
