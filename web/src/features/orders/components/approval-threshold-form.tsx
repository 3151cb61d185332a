import { Alert, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { ApprovalSettingsSchema, formatAmount } from '@tessera/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl, type IntlShape } from 'react-intl';
import { z } from 'zod';
import { parseEuros, registerText, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useApprovalSettings } from '../api/get-approval-settings';
import { useUpdateApprovalSettings } from '../api/update-approval-settings';

const THRESHOLD_CENTS = ApprovalSettingsSchema.shape.thresholdCents.unwrap();

/** Euros as typed, or no approval at all; the request is the domain's schema. */
const ThresholdFormSchema = z
  .object({ isRequired: z.boolean(), threshold: z.string() })
  .transform((form, ctx) => {
    if (!form.isRequired) return { thresholdCents: null };
    const amount = parseEuros(form.threshold, THRESHOLD_CENTS);
    if ('message' in amount) {
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: amount.message });
      return z.NEVER;
    }
    return { thresholdCents: amount.cents };
  });
type FormValues = z.input<typeof ThresholdFormSchema>;

const toFormValues = (thresholdCents: number | null): FormValues => ({
  isRequired: thresholdCents !== null,
  threshold: thresholdCents === null ? '' : formatAmount(thresholdCents).replace(/\s*€$/, ''),
});

/**
 * The setting in plain words: what happens to an order of a given amount (`needsApproval` of the
 * domain: an order manager's order above the threshold waits; at or below it, it goes to payment).
 */
function explain(intl: IntlShape, isRequired: boolean, threshold: string): string {
  if (!isRequired) return intl.formatMessage({ id: 'orders.threshold.explainOff' });
  const amount = parseEuros(threshold, THRESHOLD_CENTS);
  if ('message' in amount) return intl.formatMessage({ id: 'orders.threshold.explainNoAmount' });
  return intl.formatMessage({ id: 'orders.threshold.explainOn' }, { amount: formatAmount(amount.cents) });
}

function ThresholdForm({ thresholdCents }: { thresholdCents: number | null }) {
  const intl = useIntl();
  const update = useUpdateApprovalSettings();
  const [outcome, setOutcome] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const form = useForm<FormValues, unknown, z.output<typeof ThresholdFormSchema>>({
    resolver: useZodResolver(ThresholdFormSchema),
    defaultValues: toFormValues(thresholdCents),
    mode: 'onTouched',
  });
  const isRequired = useWatch({ control: form.control, name: 'isRequired' });
  const threshold = useWatch({ control: form.control, name: 'threshold' });
  const errors = form.formState.errors;
  const explanation = explain(intl, isRequired, threshold);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          setOutcome(null);
          const saved = await update.mutateAsync(values);
          if (!saved) return;
          form.reset(toFormValues(saved.thresholdCents));
          setOutcome(
            saved.thresholdCents === null
              ? intl.formatMessage({ id: 'orders.threshold.savedNone' })
              : intl.formatMessage(
                  { id: 'orders.threshold.saved' },
                  { amount: formatAmount(saved.thresholdCents) },
                ),
          );
        })(event)
      }
    >
      <Stack gap="md" maw={480}>
        {/* What was saved, while the form still shows it: a change since then would contradict it. */}
        {outcome && !form.formState.isDirty ? (
          <Alert ref={outcomeRef} tabIndex={-1} role="status" color="teal" variant="light">
            {outcome}
          </Alert>
        ) : null}
        <Switch
          name="isRequired"
          label={intl.formatMessage({ id: 'orders.threshold.isRequired' })}
          // What the setting does, as the switch and the amount stand now (never the opposite).
          description={explanation}
          // Controlled: Mantine's switch keeps its own state, which would not show the form's value.
          checked={isRequired}
          onChange={(event) =>
            form.setValue('isRequired', event.currentTarget.checked, { shouldDirty: true })
          }
        />
        {isRequired ? (
          <TextInput
            label={intl.formatMessage({ id: 'orders.threshold.amount' })}
            description={intl.formatMessage({ id: 'orders.threshold.amountHint' })}
            inputMode="decimal"
            withAsterisk
            aria-required
            rightSection={<span aria-hidden="true">€</span>}
            {...registerText(form.register, 'threshold')}
            error={errors.threshold?.message}
          />
        ) : null}
        <div>
          <LoadingButton type="submit" isLoading={update.isPending}>
            {intl.formatMessage({ id: 'orders.threshold.save' })}
          </LoadingButton>
        </div>
      </Stack>
    </form>
  );
}

/**
 * The company's approval rule (ADR 010, maker-checker): orders of order managers above the
 * threshold wait for a payment manager's approval; without a threshold none does.
 */
export function ApprovalThreshold() {
  const intl = useIntl();
  const settings = useApprovalSettings();
  let content;
  if (settings.isPending)
    content = <LoadingState label={intl.formatMessage({ id: 'orders.threshold.loading' })} />;
  else if (settings.isError) content = <ErrorState onRetry={() => void settings.refetch()} />;
  else content = <ThresholdForm thresholdCents={settings.data.thresholdCents} />;
  return (
    <section className="tessera-order-section" aria-labelledby="approval-threshold-title">
      <Title order={2} size="h3" id="approval-threshold-title" mb="xs">
        {intl.formatMessage({ id: 'orders.threshold.title' })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intl.formatMessage({ id: 'orders.threshold.text' })}
      </Text>
      {content}
    </section>
  );
}
