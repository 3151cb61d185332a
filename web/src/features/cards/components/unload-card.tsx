import { Alert, Button, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { UnloadRequestSchema, type Card, type OrderSummary, type UnloadPriceResponse } from '@tessera/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { formatMoney } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import {
  parseEuros,
  registerText,
  reportIssuesOf,
  setServerErrors,
  useZodResolver,
} from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { useCalculateUnloadPrice } from '../api/calculate-unload-price';
import { useSubmitUnloadOrder } from '../api/submit-unload-order';
import type { UnloadResult } from '../api/unload-fields';
import { MaskedNumber } from './masked-number';

/** What an unload did: its order, the amount taken from the card, and the card's balance after. */
export type Unloaded = { order: OrderSummary; amountCents: number; balanceCents: number };

const COMMENTS_MAX = UnloadRequestSchema.shape.comments.unwrap().maxLength ?? 500;

/**
 * The form: the whole balance, or euros as Greeks type them (`1.234,56`) between 0,01 € and the
 * balance the list shows. The request is checked with the domain's schema; the server checks the
 * amount again against the balance it reads (the list's may be old).
 */
function unloadFormSchema(card: Pick<Card, 'cardId' | 'balanceCents'>) {
  return z
    .object({ isWhole: z.boolean(), amount: z.string(), comments: z.string() })
    .transform((form, ctx) => {
      let amountCents: number | null = null;
      if (!form.isWhole) {
        const amount = parseEuros(form.amount, { minValue: 1, maxValue: card.balanceCents });
        if ('message' in amount) {
          ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.message });
          return z.NEVER;
        }
        amountCents = amount.cents;
      }
      const request = { cards: [{ cardId: card.cardId, amountCents }], comments: form.comments };
      return reportIssuesOf(UnloadRequestSchema, request, ctx, (path) =>
        path[0] === 'comments' ? ['comments'] : ['amount'],
      );
    });
}
type FormSchema = ReturnType<typeof unloadFormSchema>;
type FormValues = z.input<FormSchema>;
type UnloadRequestOut = z.output<FormSchema>;
type Failure = Extract<UnloadResult<unknown>, { ok: false }>;
type Preview = { request: UnloadRequestOut; price: Omit<UnloadPriceResponse, 'success'> };

type Props = {
  card: Card;
  /** Told when the dialog opens and closes (the panel under it must not close on its Escape). */
  onOpenChange: (isOpen: boolean) => void;
  onUnloaded: (unloaded: Unloaded) => void;
};

/**
 * "Unload to company balance" (ADR 010): money back from the card to the company's funding account,
 * as an `UNLOAD` order without fees. A preview (`unloadOrderPriceCalculation`) says what will move;
 * only then can it be confirmed (`submitUnloadOrder`, with an `Idempotency-Key`).
 */
export function UnloadCardButton({ card, onOpenChange, onUnloaded }: Props) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const title = intl.formatMessage({ id: 'cards.unload.start' });

  const setOpen = (next: boolean) => {
    setIsOpen(next);
    onOpenChange(next);
  };

  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {title}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={() => {
          if (!isBusy) setOpen(false);
        }}
        title={title}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'cards.unload.close' }) }}
        centered
      >
        <UnloadForm
          card={card}
          onBusyChange={setIsBusy}
          onCancel={() => setOpen(false)}
          onDone={(unloaded) => {
            setOpen(false);
            onUnloaded(unloaded);
          }}
        />
      </AppModal>
    </>
  );
}

function UnloadForm({
  card,
  onBusyChange,
  onCancel,
  onDone,
}: {
  card: Card;
  onBusyChange: (isBusy: boolean) => void;
  onCancel: () => void;
  onDone: (unloaded: Unloaded) => void;
}) {
  const intl = useIntl();
  const wholeHintId = `${useId()}-whole-hint`;
  const schema = useMemo(
    () => unloadFormSchema({ cardId: card.cardId, balanceCents: card.balanceCents }),
    [card.cardId, card.balanceCents],
  );
  const form = useForm<FormValues, unknown, UnloadRequestOut>({
    resolver: useZodResolver(schema),
    defaultValues: { isWhole: true, amount: '', comments: '' },
    mode: 'onTouched',
  });
  const isWhole = useWatch({ control: form.control, name: 'isWhole' });
  const { errors } = form.formState;
  const calculate = useCalculateUnloadPrice();
  const submit = useSubmitUnloadOrder();
  const keys = useIdempotencyKeys();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A second click before the button shows it is busy must not send a second request.
  const isSubmitting = useRef(false);
  const isBusy = calculate.isPending || submit.isPending;

  useEffect(() => onBusyChange(isBusy), [isBusy, onBusyChange]);

  // What was previewed is what is confirmed: any change asks for a new preview.
  useEffect(() => {
    const subscription = form.watch(() => setPreview(null));
    return () => subscription.unsubscribe();
  }, [form]);

  /** The server's refusal: beside the field it names, or said above the buttons. */
  const showFailure = (failure: Failure) => {
    const amountError = failure.fieldErrors['cards.0.amountCents'];
    setServerErrors(form.setError, {
      amount: isWhole ? undefined : amountError,
      comments: failure.fieldErrors.comments,
    });
    setMessage(
      (isWhole ? amountError : undefined) ?? failure.fieldErrors['cards.0.cardId'] ?? failure.message,
    );
  };

  const onPreview = form.handleSubmit(async (request) => {
    setMessage(null);
    setPreview(null);
    const result = await calculate.mutateAsync(request);
    if (result.ok) setPreview({ request, price: result.data });
    else showFailure(result);
  });

  const onConfirm = async () => {
    if (!preview || isSubmitting.current) return;
    isSubmitting.current = true;
    setMessage(null);
    try {
      const result = await submit.mutateAsync({
        request: preview.request,
        idempotencyKey: keys.keyFor(preview.request),
      });
      if (!result.ok) {
        setPreview(null);
        showFailure(result);
        return;
      }
      keys.forget();
      // An unload order's total is the money taken back, negative (ADR 010).
      const amountCents = Math.abs(result.data.totalCents);
      const before = preview.price.lines[0]?.balanceCents ?? card.balanceCents;
      onDone({ order: result.data, amountCents, balanceCents: Math.max(0, before - amountCents) });
    } finally {
      isSubmitting.current = false;
    }
  };

  const line = preview?.price.lines[0];
  return (
    <form noValidate onSubmit={(event) => void onPreview(event)}>
      <Stack gap="md">
        <dl className="tessera-definitions tessera-cards-panel__list">
          <div>
            <dt>{intl.formatMessage({ id: 'cards.unload.card' })}</dt>
            <dd>
              {card.cardName ? <Text fw={600}>{card.cardName}</Text> : null}
              <MaskedNumber card={card} />
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'cards.unload.balance' })}</dt>
            <dd>{formatMoney(card.balanceCents)}</dd>
          </div>
        </dl>
        <div>
          <Switch
            name="isWhole"
            label={intl.formatMessage({ id: 'cards.unload.whole' })}
            // Mantine puts a description inside the label; beside it, the switch's name stays short.
            aria-describedby={wholeHintId}
            // Controlled: Mantine's switch keeps its own state, which would not show the form's value.
            checked={isWhole}
            onChange={(event) => {
              form.setValue('isWhole', event.currentTarget.checked, { shouldDirty: true });
              form.clearErrors('amount');
              setMessage(null);
            }}
          />
          <Text id={wholeHintId} size="sm" c="dimmed" mt={4}>
            {intl.formatMessage({ id: 'cards.unload.wholeHint' })}
          </Text>
        </div>
        {isWhole ? null : (
          <TextInput
            label={intl.formatMessage({ id: 'cards.unload.amount' })}
            description={intl.formatMessage(
              { id: 'cards.unload.amountHint' },
              { max: formatMoney(card.balanceCents) },
            )}
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            aria-required
            rightSection={<span aria-hidden="true">€</span>}
            {...registerText(form.register, 'amount')}
            error={errors.amount?.message}
          />
        )}
        <Textarea
          label={intl.formatMessage({ id: 'cards.unload.comments' })}
          description={intl.formatMessage({ id: 'cards.unload.commentsHint' }, { max: COMMENTS_MAX })}
          maxLength={COMMENTS_MAX}
          autosize
          minRows={2}
          {...registerText(form.register, 'comments')}
          error={errors.comments?.message}
        />
        {message ? (
          <Alert role="alert" color="red" variant="light">
            {message}
          </Alert>
        ) : null}
        <div role="status" aria-live="polite">
          {preview && line ? (
            <Alert
              color="tessera"
              variant="light"
              title={intl.formatMessage({ id: 'cards.unload.previewTitle' })}
            >
              {intl.formatMessage(
                { id: 'cards.unload.previewText' },
                {
                  amount: formatMoney(preview.price.totalCents),
                  after: formatMoney(Math.max(0, line.balanceCents - line.amountCents)),
                },
              )}
            </Alert>
          ) : null}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isBusy}>
            {intl.formatMessage({ id: 'cards.form.cancel' })}
          </Button>
          <LoadingButton
            type="submit"
            variant={preview ? 'light' : 'filled'}
            isLoading={calculate.isPending}
            disabled={submit.isPending}
          >
            {intl.formatMessage({ id: 'cards.unload.preview' })}
          </LoadingButton>
          {preview ? (
            <LoadingButton isLoading={submit.isPending} onClick={() => void onConfirm()}>
              {intl.formatMessage({ id: 'cards.unload.confirm' })}
            </LoadingButton>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
