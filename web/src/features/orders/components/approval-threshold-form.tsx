import { Alert, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import {
  AmountCentsSchema,
  APPROVAL_EXPIRY_DAYS_DEFAULT,
  ApprovalExpiryDaysSchema,
  approvalOutcome,
  formatAmount,
  ROLE,
  SECOND_THRESHOLD_BELOW_FIRST,
  type ApprovalRule,
  type ApprovalSettings,
  type OrderMoneySettings,
} from '@tessera/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl, type IntlShape } from 'react-intl';
import { z } from 'zod';
import { parseEuros, registerText, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useApprovalSettings } from '../api/get-approval-settings';
import { useUpdateApprovalSettings } from '../api/update-approval-settings';

const THRESHOLD_CENTS = AmountCentsSchema;

/**
 * Euros and days as typed, or no approval at all; the request is the domain's schema (ADR 032):
 * the second threshold is optional and at least the first; approvals expire after 1–90 days; money
 * moves from the step-up amount on ask for a fresh code (ADR 040; 0,00: every one).
 */
const ThresholdFormSchema = z
  .object({
    isRequired: z.boolean(),
    threshold: z.string(),
    second: z.string(),
    expiryDays: z.string(),
    stepUpMin: z.string(),
  })
  .transform((form, ctx): ApprovalSettings => {
    const days = Number(form.expiryDays.trim());
    const expiryOk = /^\d+$/.test(form.expiryDays.trim()) && ApprovalExpiryDaysSchema.safeParse(days).success;
    if (!expiryOk) ctx.addIssue({ code: 'custom', path: ['expiryDays'], message: EXPIRY_DAYS_MESSAGE });
    const stepUp = parseEuros(form.stepUpMin, THRESHOLD_CENTS);
    if ('message' in stepUp) ctx.addIssue({ code: 'custom', path: ['stepUpMin'], message: stepUp.message });
    if (!form.isRequired) {
      return expiryOk && 'cents' in stepUp
        ? { thresholdCents: null, secondThresholdCents: null, expiryDays: days, stepUpMinCents: stepUp.cents }
        : z.NEVER;
    }
    const amount = parseEuros(form.threshold, THRESHOLD_CENTS);
    if ('message' in amount) ctx.addIssue({ code: 'custom', path: ['threshold'], message: amount.message });
    let second: number | null = null;
    let secondOk = true;
    if (form.second.trim() !== '') {
      const parsed = parseEuros(form.second, THRESHOLD_CENTS);
      const message =
        'message' in parsed
          ? parsed.message
          : 'cents' in amount && parsed.cents < amount.cents
            ? SECOND_THRESHOLD_BELOW_FIRST
            : null;
      if (message !== null) {
        secondOk = false;
        ctx.addIssue({ code: 'custom', path: ['second'], message });
      } else if ('cents' in parsed) second = parsed.cents;
    }
    if ('message' in amount || !expiryOk || !secondOk || 'message' in stepUp) return z.NEVER;
    return {
      thresholdCents: amount.cents,
      secondThresholdCents: second,
      expiryDays: days,
      stepUpMinCents: stepUp.cents,
    };
  });
type FormValues = z.input<typeof ThresholdFormSchema>;

const EXPIRY_DAYS_MESSAGE = 'expiry days';
const euros = (cents: number | null) => (cents === null ? '' : formatAmount(cents).replace(/\s*€$/, ''));

/**
 * The form's values of saved settings (a server before ADR 032 answers the threshold alone, one
 * before ADR 040 no step-up amount: 0,00, every money move asks).
 */
const toFormValues = (settings: Partial<OrderMoneySettings>): FormValues => ({
  isRequired: (settings.thresholdCents ?? null) !== null,
  threshold: euros(settings.thresholdCents ?? null),
  second: euros(settings.secondThresholdCents ?? null),
  expiryDays: String(settings.expiryDays ?? APPROVAL_EXPIRY_DAYS_DEFAULT),
  stepUpMin: euros(settings.stepUpMinCents ?? 0),
});

/** The rule as the form stands now, or null while an amount or the days cannot be read. */
function ruleOf(values: FormValues): ApprovalRule | null {
  const days = Number(values.expiryDays.trim());
  if (!ApprovalExpiryDaysSchema.safeParse(days).success) return null;
  if (!values.isRequired) return { thresholdCents: null, secondThresholdCents: null, expiryDays: days };
  const first = parseEuros(values.threshold, THRESHOLD_CENTS);
  if ('message' in first) return null;
  if (values.second.trim() === '')
    return { thresholdCents: first.cents, secondThresholdCents: null, expiryDays: days };
  const second = parseEuros(values.second, THRESHOLD_CENTS);
  if ('message' in second || second.cents < first.cents) return null;
  return { thresholdCents: first.cents, secondThresholdCents: second.cents, expiryDays: days };
}

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

/**
 * The preview (ADR 032): an amount and one sentence saying what happens to an order of it submitted
 * by an order manager, computed by the domain's `approvalOutcome` — the function the server decides
 * with — from the form as it stands, so it cannot say other than the switch and thresholds above.
 */
export function approvalPreview(intl: IntlShape, rule: ApprovalRule | null, amountText: string): string {
  if (rule === null) return intl.formatMessage({ id: 'orders.threshold.previewNoRule' });
  const amount = parseEuros(amountText, THRESHOLD_CENTS);
  if ('message' in amount) return intl.formatMessage({ id: 'orders.threshold.previewNoAmount' });
  const outcome = approvalOutcome(rule, ROLE.ORDER_MANAGER, amount.cents);
  const values = { amount: formatAmount(amount.cents), days: rule.expiryDays };
  return intl.formatMessage({ id: `orders.threshold.preview.${outcome.kind}` }, values);
}

function ApprovalPreview({ rule }: { rule: ApprovalRule | null }) {
  const intl = useIntl();
  const [amount, setAmount] = useState('');
  return (
    <Stack gap={4} className="tessera-approval-preview">
      <TextInput
        label={intl.formatMessage({ id: 'orders.threshold.previewAmount' })}
        description={intl.formatMessage({ id: 'orders.threshold.previewHint' })}
        inputMode="decimal"
        rightSection={<span aria-hidden="true">€</span>}
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value.replace(/^\s+/, ''))}
      />
      <Text role="status" aria-live="polite" size="sm" fw={500} data-testid="approval-preview">
        {approvalPreview(intl, rule, amount)}
      </Text>
    </Stack>
  );
}

function ThresholdForm({ settings }: { settings: Partial<OrderMoneySettings> }) {
  const intl = useIntl();
  const update = useUpdateApprovalSettings();
  const [outcome, setOutcome] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const form = useForm<FormValues, unknown, ApprovalSettings>({
    resolver: useZodResolver(ThresholdFormSchema),
    defaultValues: toFormValues(settings),
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as FormValues;
  const { isRequired, threshold } = values;
  const errors = form.formState.errors;
  const explanation = explain(intl, isRequired, threshold);
  const fieldError = (message: string | undefined) => {
    if (message === SECOND_THRESHOLD_BELOW_FIRST)
      return intl.formatMessage({ id: 'orders.threshold.secondBelowFirst' });
    if (message === EXPIRY_DAYS_MESSAGE)
      return intl.formatMessage({ id: 'orders.threshold.expiryDaysInvalid' });
    return message;
  };
  const stepUpError = (message: string | undefined) => {
    if (message === undefined) return undefined;
    // Any amount from 0,00 € on; empty or unreadable text is one message.
    return intl.formatMessage({ id: 'orders.threshold.stepUpInvalid' });
  };

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
          form.reset(toFormValues(saved));
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
      <Stack gap="md" maw={520}>
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
          <>
            <TextInput
              label={intl.formatMessage({ id: 'orders.threshold.amount' })}
              description={intl.formatMessage({ id: 'orders.threshold.amountHint' })}
              inputMode="decimal"
              withAsterisk
              aria-required
              rightSection={<span aria-hidden="true">€</span>}
              {...registerText(form.register, 'threshold')}
              error={fieldError(errors.threshold?.message)}
            />
            <TextInput
              label={intl.formatMessage({ id: 'orders.threshold.second' })}
              description={intl.formatMessage({ id: 'orders.threshold.secondHint' })}
              inputMode="decimal"
              rightSection={<span aria-hidden="true">€</span>}
              {...registerText(form.register, 'second')}
              error={fieldError(errors.second?.message)}
            />
          </>
        ) : null}
        <TextInput
          label={intl.formatMessage({ id: 'orders.threshold.expiryDays' })}
          description={intl.formatMessage({ id: 'orders.threshold.expiryDaysHint' })}
          inputMode="numeric"
          withAsterisk
          aria-required
          {...registerText(form.register, 'expiryDays')}
          error={fieldError(errors.expiryDays?.message)}
        />
        <TextInput
          label={intl.formatMessage({ id: 'orders.threshold.stepUp' })}
          description={intl.formatMessage({ id: 'orders.threshold.stepUpHint' })}
          inputMode="decimal"
          withAsterisk
          aria-required
          rightSection={<span aria-hidden="true">€</span>}
          {...registerText(form.register, 'stepUpMin')}
          error={stepUpError(errors.stepUpMin?.message)}
        />
        <ApprovalPreview rule={ruleOf(values)} />
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
  else content = <ThresholdForm settings={settings.data} />;
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
