import { Button, Checkbox, Fieldset, NativeSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { UpdateCardPrintingRequestSchema, type CardPrinting, type DeliveryPoint } from '@tessera/domain';
import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { setServerErrors, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { useUpdateCardPrinting } from '../api/update-card-printing';
import { CardPreview } from './card-preview';
import { addressLine } from '../../../lib/format';
import { EMBOSS_MAX_LENGTH, isEmbossConvertible, toEmbossText } from './emboss';
import { FormAlert } from '../../../ui/form-alert';

const CARRIER_MAX_LENGTH = 300;

/** The request, with "no default delivery point" as the empty choice of the select. */
const CardPrintingFormSchema = UpdateCardPrintingRequestSchema.extend({
  defaultDeliveryPointId: z.union([z.literal(''), z.uuid()]).transform((id) => (id === '' ? null : id)),
});
type FormValues = z.input<typeof CardPrintingFormSchema>;
type ValidValues = z.output<typeof CardPrintingFormSchema>;

const toFormValues = (settings: CardPrinting): FormValues => ({
  embossLine: settings.embossLine,
  printLogo: settings.printLogo,
  carrierMessage: settings.carrierMessage,
  defaultDeliveryPointId: settings.defaultDeliveryPointId ?? '',
  printEmployeeCode: settings.printEmployeeCode,
});

/**
 * The card-printing form (order manager, provider staff). The emboss line is what the embossing
 * machine prints, so as the user types Greek or lower case it is converted to Latin capitals
 * (ELOT 743) unless they turn that off; the card preview beside the form follows every keystroke.
 */
export function CardPrintingForm({
  companyId,
  settings,
  deliveryPoints,
}: {
  companyId: string;
  settings: CardPrinting;
  deliveryPoints: readonly DeliveryPoint[];
}) {
  const intl = useIntl();
  const update = useUpdateCardPrinting(companyId);
  const [isConverting, setIsConverting] = useState(true);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<FormValues, unknown, ValidValues>({
    resolver: useZodResolver(CardPrintingFormSchema),
    defaultValues: toFormValues(settings),
    mode: 'onChange',
  });
  const embossLine = useWatch({ control: form.control, name: 'embossLine' }) ?? '';
  const carrierMessage = useWatch({ control: form.control, name: 'carrierMessage' }) ?? '';
  const printLogo = useWatch({ control: form.control, name: 'printLogo' }) ?? false;
  const errors = form.formState.errors;
  const label = (field: keyof FormValues) =>
    intl.formatMessage({ id: `account.cardPrinting.field.${field}` });

  const emboss = form.register('embossLine');
  const onEmbossChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    if (isConverting) {
      // Keep the caret where it was: Θ becomes TH, so the text can grow under it.
      const caret = input.selectionStart ?? input.value.length;
      const converted = toEmbossText(input.value.replace(/^\s+/, ''));
      if (converted !== input.value) {
        const shift = converted.length - input.value.length;
        input.value = converted;
        input.setSelectionRange(Math.max(0, caret + shift), Math.max(0, caret + shift));
      }
    }
    return emboss.onChange(event);
  };
  const convertNow = () =>
    form.setValue('embossLine', toEmbossText(embossLine), { shouldValidate: true, shouldDirty: true });

  const onValid = async (values: ValidValues) => {
    setOutcome(null);
    const result = await update.mutateAsync(values);
    if (result.ok) {
      form.reset(toFormValues(result.data.cardPrinting));
      setOutcome({ kind: 'success', text: intl.formatMessage({ id: 'account.cardPrinting.saved' }) });
      return;
    }
    setServerErrors(form.setError, result.fieldErrors);
    if (Object.keys(result.fieldErrors).length === 0) {
      setOutcome({
        kind: 'error',
        text: result.message ?? intl.formatMessage({ id: 'account.form.failed' }),
      });
    }
  };

  // Wrapped in reverse so that on phones the preview sits above the form, where the emboss line is
  // typed; `flex-end` is then the top of the row on wide screens.
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap-reverse', gap: '2rem', alignItems: 'flex-end' }}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        style={{ flex: '1 1 20rem', minWidth: 0 }}
      >
        {outcome ? (
          <FormAlert kind={outcome.kind} key={`${outcome.kind}-${update.submittedAt}`}>
            {outcome.text}
          </FormAlert>
        ) : null}
        <Stack gap="md">
          <Fieldset legend={intl.formatMessage({ id: 'account.cardPrinting.embossLegend' })}>
            <Stack gap="sm">
              <TextInput
                label={label('embossLine')}
                description={intl.formatMessage(
                  { id: 'account.cardPrinting.embossHint' },
                  { count: embossLine.length, max: EMBOSS_MAX_LENGTH },
                )}
                autoComplete="off"
                spellCheck={false}
                {...emboss}
                onChange={onEmbossChange}
                error={errors.embossLine?.message}
              />
              <Switch
                label={intl.formatMessage({ id: 'account.cardPrinting.convert' })}
                checked={isConverting}
                onChange={(event) => {
                  const isOn = event.currentTarget.checked;
                  setIsConverting(isOn);
                  if (isOn && isEmbossConvertible(embossLine)) convertNow();
                }}
              />
              {!isConverting && isEmbossConvertible(embossLine) ? (
                <div>
                  <Button variant="light" size="xs" onClick={convertNow}>
                    {intl.formatMessage(
                      { id: 'account.cardPrinting.convertNow' },
                      { text: toEmbossText(embossLine) },
                    )}
                  </Button>
                </div>
              ) : null}
            </Stack>
          </Fieldset>
          <Fieldset legend={intl.formatMessage({ id: 'account.cardPrinting.optionsLegend' })}>
            <Stack gap="sm">
              <Checkbox label={label('printLogo')} {...form.register('printLogo')} />
              <Checkbox
                label={label('printEmployeeCode')}
                description={intl.formatMessage({ id: 'account.cardPrinting.employeeCodeHint' })}
                {...form.register('printEmployeeCode')}
              />
            </Stack>
          </Fieldset>
          <Textarea
            label={label('carrierMessage')}
            description={intl.formatMessage(
              { id: 'account.cardPrinting.carrierHint' },
              { count: carrierMessage.length, max: CARRIER_MAX_LENGTH },
            )}
            autosize
            minRows={4}
            {...form.register('carrierMessage')}
            error={errors.carrierMessage?.message}
          />
          <NativeSelect
            label={label('defaultDeliveryPointId')}
            data={[
              { value: '', label: intl.formatMessage({ id: 'account.cardPrinting.noDefault' }) },
              ...deliveryPoints.map((point) => ({
                value: point.deliveryPointId,
                label: `${point.alias} — ${addressLine(point)}`,
              })),
            ]}
            {...form.register('defaultDeliveryPointId')}
            error={errors.defaultDeliveryPointId?.message}
          />
        </Stack>
        <LoadingButton type="submit" mt="lg" size="md" isLoading={update.isPending}>
          {intl.formatMessage({ id: 'account.cardPrinting.submit' })}
        </LoadingButton>
      </form>
      <div style={{ flex: '0 1 22rem' }}>
        <CardPreview embossLine={embossLine} printLogo={printLogo} />
      </div>
    </div>
  );
}
