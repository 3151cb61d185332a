import { Alert, Checkbox, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { UpdateTrzContractRequestSchema, formatAmount, type TrzContract } from '@tessera/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { useUpdateTrzContract } from '../api/update-trz-contract';

const DAILY_CENTS = UpdateTrzContractRequestSchema.shape.dailyAllowanceCents;
const LOAD_DAYS = Array.from({ length: 28 }, (_, index) => String(index + 1));

/** Euros and a day as the user picks them; the request is checked with the domain schema. */
const TrzFormSchema = z
  .object({
    dailyAllowance: z.string(),
    monthlyLoadDay: z.string(),
    invoiceEmail: z.string(),
    accept: z.boolean(),
  })
  .transform((form, ctx) => {
    const amount = parseEuros(form.dailyAllowance, DAILY_CENTS);
    if ('message' in amount)
      ctx.addIssue({ code: 'custom', path: ['dailyAllowance'], message: amount.message });
    const request = {
      dailyAllowanceCents: 'cents' in amount ? amount.cents : undefined,
      monthlyLoadDay: Number(form.monthlyLoadDay),
      invoiceEmail: form.invoiceEmail,
      accept: form.accept,
    };
    return reportIssuesOf(UpdateTrzContractRequestSchema, request, ctx, (path) =>
      path[0] === 'dailyAllowanceCents' ? ['dailyAllowance'] : path,
    );
  });
type FormValues = z.input<typeof TrzFormSchema>;

const toFormValues = (contract: TrzContract): FormValues => ({
  // Shown as typed in Greece: `8,00`.
  dailyAllowance: formatAmount(contract.dailyAllowanceCents).replace(/\s*€$/, ''),
  monthlyLoadDay: String(contract.monthlyLoadDay || 1),
  invoiceEmail: contract.invoiceEmail,
  accept: false,
});

/**
 * The order manager's form of the TRZ contract: daily allowance per employee (up to the tax-free
 * limit), the load day, the invoice email, and while unsigned the acceptance that signs it.
 */
export function TrzContractForm({ companyId, contract }: { companyId: string; contract: TrzContract }) {
  const intl = useIntl();
  const update = useUpdateTrzContract(companyId);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const form = useForm<FormValues, unknown, z.output<typeof TrzFormSchema>>({
    resolver: useZodResolver(TrzFormSchema),
    defaultValues: toFormValues(contract),
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const accept = useWatch({ control: form.control, name: 'accept' });
  const isSigned = contract.status === 'active';

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          setOutcome(null);
          const result = await update.mutateAsync(values);
          if (result.ok) {
            form.reset(toFormValues(result.trzContract));
            setOutcome({
              kind: 'success',
              text: intl.formatMessage({ id: values.accept ? 'account.trz.accepted' : 'account.trz.saved' }),
            });
            return;
          }
          const { dailyAllowanceCents, ...rest } = result.fieldErrors;
          setServerErrors(form.setError, { ...rest, dailyAllowance: dailyAllowanceCents });
          if (Object.keys(result.fieldErrors).length === 0) {
            setOutcome({
              kind: 'error',
              text: result.message ?? intl.formatMessage({ id: 'account.form.failed' }),
            });
          }
        })(event)
      }
    >
      {outcome ? (
        <Alert
          ref={outcomeRef}
          tabIndex={-1}
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          color={outcome.kind === 'error' ? 'red' : 'tessera'}
          variant="light"
          mb="md"
        >
          {outcome.text}
        </Alert>
      ) : null}
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={intl.formatMessage({ id: 'account.trz.field.dailyAllowance' })}
            description={intl.formatMessage(
              { id: 'account.trz.dailyAllowanceHint' },
              { max: formatAmount(DAILY_CENTS.maxValue ?? 0) },
            )}
            inputMode="decimal"
            withAsterisk
            aria-required
            {...registerText(form.register, 'dailyAllowance')}
            error={errors.dailyAllowance?.message}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'account.trz.field.monthlyLoadDay' })}
            data={LOAD_DAYS}
            {...form.register('monthlyLoadDay')}
            error={errors.monthlyLoadDay?.message}
          />
        </SimpleGrid>
        <TextInput
          label={intl.formatMessage({ id: 'account.trz.field.invoiceEmail' })}
          type="email"
          withAsterisk
          aria-required
          autoComplete="email"
          {...registerText(form.register, 'invoiceEmail')}
          error={errors.invoiceEmail?.message}
        />
        {isSigned ? null : (
          <Checkbox
            label={intl.formatMessage({ id: 'account.trz.field.accept' })}
            {...form.register('accept')}
            error={errors.accept?.message}
          />
        )}
      </Stack>
      <LoadingButton type="submit" mt="lg" isLoading={update.isPending}>
        {intl.formatMessage({ id: accept && !isSigned ? 'account.trz.submitAccept' : 'account.trz.submit' })}
      </LoadingButton>
    </form>
  );
}
