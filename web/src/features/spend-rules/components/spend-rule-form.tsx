import { Checkbox, Group, NativeSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CreateSpendRuleRequestSchema,
  SPEND_CATEGORIES,
  SPEND_PERIODS,
  type SpendRule,
} from '@tessera/domain';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLocale } from '../../../lib/use-locale';
import {
  parseEuros,
  registerText,
  reportIssuesOf,
  setServerErrors,
  useZodResolver,
} from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { useCreateSpendRule } from '../api/create-spend-rule';
import { FormAlert } from '../../../ui/form-alert';
import { SPEND_CATEGORY_LABELS, SPEND_PERIOD_LABELS } from './labels';

const TARGET_KINDS = ['category', 'merchant', 'period'] as const;
const LIMIT_CENTS = CreateSpendRuleRequestSchema.shape.limitCents.unwrap();

/** The request's paths as the form's fields (`target.category` is the category select…). */
const FIELD_OF: Record<
  string,
  'name' | 'category' | 'merchant' | 'targetKind' | 'period' | 'blocked' | 'limit'
> = {
  name: 'name',
  target: 'targetKind',
  'target.kind': 'targetKind',
  'target.category': 'category',
  'target.merchant': 'merchant',
  period: 'period',
  blocked: 'blocked',
  limitCents: 'limit',
};

/**
 * The form holds what the user sees (a kind of target, euros as typed); the request is built from
 * it and checked with `CreateSpendRuleRequestSchema`, whose issues land on the matching inputs.
 */
const SpendRuleFormSchema = z
  .object({
    name: z.string(),
    targetKind: z.enum(TARGET_KINDS),
    category: z.string(),
    merchant: z.string(),
    period: z.string(),
    blocked: z.boolean(),
    limit: z.string(),
  })
  .transform((form, ctx) => {
    // A rule on all spending limits it; blocking all spending is not a rule (domain refinement).
    const isBlocked = form.blocked && form.targetKind !== 'period';
    let limitCents: number | undefined;
    if (!isBlocked) {
      const amount = parseEuros(form.limit, LIMIT_CENTS);
      if ('message' in amount) ctx.addIssue({ code: 'custom', path: ['limit'], message: amount.message });
      else limitCents = amount.cents;
    }
    const target =
      form.targetKind === 'category'
        ? { kind: 'category', category: form.category }
        : form.targetKind === 'merchant'
          ? { kind: 'merchant', merchant: form.merchant }
          : { kind: 'period' };
    const request = { name: form.name, target, period: form.period, blocked: isBlocked, limitCents };
    return reportIssuesOf(CreateSpendRuleRequestSchema, request, ctx, (path) => [
      FIELD_OF[path.join('.')] ?? FIELD_OF[String(path[0])] ?? String(path[0]),
    ]);
  });
type FormValues = z.input<typeof SpendRuleFormSchema>;
type ValidValues = z.output<typeof SpendRuleFormSchema>;

const EMPTY: FormValues = {
  name: '',
  targetKind: 'category',
  category: '',
  merchant: '',
  period: 'month',
  blocked: false,
  limit: '',
};

/** A new Spendeo rule: a merchant category, a merchant or all spending; a limit per period, or a block. */
export function SpendRuleForm({
  companyId,
  onCreated,
}: {
  companyId: string;
  onCreated: (rule: SpendRule) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const create = useCreateSpendRule(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, ValidValues>({
    resolver: useZodResolver(SpendRuleFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const targetKind = useWatch({ control: form.control, name: 'targetKind' });
  const blocked = useWatch({ control: form.control, name: 'blocked' });
  const isBlocked = blocked && targetKind !== 'period';
  const label = (field: keyof FormValues) => intl.formatMessage({ id: `account.spendRule.field.${field}` });

  const categories = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return SPEND_CATEGORIES.map((category) => ({
      value: category,
      label: intl.formatMessage({ id: SPEND_CATEGORY_LABELS[category] }),
    })).sort((a, b) => collator.compare(a.label, b.label));
  }, [intl, locale]);

  const onValid = async (values: ValidValues) => {
    setFailure(null);
    const result = await create.mutateAsync(values);
    if (result.ok) {
      form.reset(EMPTY);
      onCreated(result.data.rule);
      return;
    }
    const fieldErrors: Partial<Record<keyof FormValues, string>> = {};
    for (const [field, message] of Object.entries(result.fieldErrors)) {
      const formField = FIELD_OF[field];
      if (formField && message) fieldErrors[formField] ??= message;
    }
    setServerErrors(form.setError, fieldErrors);
    if (Object.keys(fieldErrors).length === 0) {
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
      <Stack gap="md">
        <TextInput
          label={label('name')}
          withAsterisk
          aria-required
          maxLength={80}
          {...registerText(form.register, 'name')}
          error={errors.name?.message}
        />
        <Radio.Group
          label={label('targetKind')}
          value={targetKind}
          onChange={(value) =>
            form.setValue('targetKind', value as FormValues['targetKind'], {
              shouldValidate: form.formState.isSubmitted,
            })
          }
          error={errors.targetKind?.message}
        >
          <Group gap="lg" mt={4}>
            {TARGET_KINDS.map((kind) => (
              <Radio
                key={kind}
                value={kind}
                label={intl.formatMessage({ id: `account.spendRule.target.${kind}` })}
              />
            ))}
          </Group>
        </Radio.Group>
        {targetKind === 'category' ? (
          <NativeSelect
            label={label('category')}
            withAsterisk
            aria-required
            data={[
              { value: '', label: intl.formatMessage({ id: 'account.spendRule.chooseCategory' }) },
              ...categories,
            ]}
            {...form.register('category')}
            error={errors.category?.message}
          />
        ) : null}
        {targetKind === 'merchant' ? (
          <TextInput
            label={label('merchant')}
            withAsterisk
            aria-required
            maxLength={100}
            {...registerText(form.register, 'merchant')}
            error={errors.merchant?.message}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={label('period')}
            data={SPEND_PERIODS.map((period) => ({
              value: period,
              label: intl.formatMessage({ id: SPEND_PERIOD_LABELS[period] }),
            }))}
            {...form.register('period')}
            error={errors.period?.message}
          />
          <TextInput
            label={label('limit')}
            description={intl.formatMessage({ id: 'account.amountHint' })}
            inputMode="decimal"
            withAsterisk={!isBlocked}
            aria-required={!isBlocked}
            disabled={isBlocked}
            {...registerText(form.register, 'limit')}
            error={isBlocked ? undefined : errors.limit?.message}
          />
        </SimpleGrid>
        <Checkbox
          label={label('blocked')}
          description={intl.formatMessage({ id: 'account.spendRule.blockedHint' })}
          disabled={targetKind === 'period'}
          {...form.register('blocked')}
          error={errors.blocked?.message}
        />
      </Stack>
      <LoadingButton type="submit" mt="lg" isLoading={create.isPending}>
        {intl.formatMessage({ id: 'account.spendRule.submit' })}
      </LoadingButton>
    </form>
  );
}
