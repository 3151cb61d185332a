import {
  Alert,
  Checkbox,
  Group,
  List,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { BulkImport, BulkImportDraft, DeliveryPoint } from '@tessera/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { formatNumber } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { useLocale } from '../../../lib/use-locale';
import { registerText, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { useBulkLoadCardOrder } from '../api/bulk-load-card-order';
import { useDeliveryPointChoices } from '../../../lib/api/delivery-points';
import {
  defaultAlias,
  draftsBlockOf,
  goodRowsOf,
  MAX_ALIAS,
  MAX_INVOICE_COMMENTS,
  ordersNewCards,
} from '../model';

const FormSchema = z.object({
  draftOrderAlias: z.string().trim().max(MAX_ALIAS),
  invoiceComments: z.string().trim().max(MAX_INVOICE_COMMENTS),
  /** `''` for "choose later". */
  deliveryPointId: z.string(),
  /** Issue 35 §8: send the cardholder app's invitation to the file's holders not yet invited. */
  inviteCardholders: z.boolean(),
});
type FormValues = z.input<typeof FormSchema>;

function pointLabel(point: DeliveryPoint): string {
  return `${point.alias} — ${point.street} ${point.streetNumber}, ${point.postalCode} ${point.city}`;
}

type Props = {
  item: BulkImport;
  onCreated: (drafts: BulkImportDraft[]) => void;
};

/**
 * Step 4: the good rows become drafts (one per product and card type, loads and new cards apart),
 * named by default after the file. Only once no row has an error left: the user fixes or leaves out
 * every one first, so nothing is skipped silently. New plastic cards want a delivery point; it may
 * also be chosen later on each draft.
 */
export function CreateDrafts({ item, onCreated }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const ids = { title: useId(), block: useId() };
  const block = draftsBlockOf(item);
  const good = goodRowsOf(item);
  const needsDeliveryPoint = ordersNewCards(item.purpose);
  const points = useDeliveryPointChoices(needsDeliveryPoint);
  const keys = useIdempotencyKeys();
  const create = useBulkLoadCardOrder();
  const [refused, setRefused] = useState<string[]>([]);
  const form = useForm<FormValues, unknown, z.output<typeof FormSchema>>({
    resolver: useZodResolver(FormSchema),
    defaultValues: {
      draftOrderAlias: defaultAlias(item.fileName),
      invoiceComments: '',
      deliveryPointId: '',
      inviteCardholders: false,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (block !== null) return;
    setRefused([]);
    const request = {
      importId: item.importId,
      ...(values.draftOrderAlias ? { draftOrderAlias: values.draftOrderAlias } : {}),
      invoiceComments: values.invoiceComments,
      deliveryPointId: values.deliveryPointId || null,
      ...(values.inviteCardholders ? { inviteCardholders: true } : {}),
    };
    const result = await create.mutateAsync({ request, idempotencyKey: keys.keyFor(request) });
    if (result === null) return;
    if (result.ok) {
      keys.forget();
      onCreated(result.drafts);
    } else {
      setRefused(result.messages);
    }
  });

  const blockText =
    block === 'hasErrors'
      ? intl.formatMessage(
          { id: 'bulk.create.hasErrors' },
          { count: item.rowsError, formatted: formatNumber(item.rowsError, locale) },
        )
      : block === 'noGoodRows'
        ? intl.formatMessage({ id: 'bulk.create.noGoodRows' })
        : null;

  return (
    <section aria-labelledby={ids.title} className="tessera-bulk-section">
      <Title order={2} id={ids.title} mb={4}>
        {intl.formatMessage({ id: 'bulk.create.title' })}
      </Title>
      {good > 0 ? (
        <Text mb="md">
          {intl.formatMessage(
            { id: 'bulk.create.summary' },
            { count: good, formatted: formatNumber(good, locale) },
          )}
        </Text>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="md" maw={640}>
          <TextInput
            label={intl.formatMessage({ id: 'bulk.create.alias' })}
            description={intl.formatMessage({ id: 'bulk.create.aliasHint' })}
            maxLength={MAX_ALIAS}
            {...registerText(form.register, 'draftOrderAlias')}
            error={errors.draftOrderAlias?.message}
          />
          <Textarea
            label={intl.formatMessage({ id: 'bulk.create.comments' })}
            autosize
            minRows={2}
            maxLength={MAX_INVOICE_COMMENTS}
            {...registerText(form.register, 'invoiceComments')}
            error={errors.invoiceComments?.message}
          />
          {needsDeliveryPoint ? (
            <NativeSelect
              label={intl.formatMessage({ id: 'bulk.create.deliveryPoint' })}
              description={intl.formatMessage({ id: 'bulk.create.deliveryPointHint' })}
              data={[
                { value: '', label: intl.formatMessage({ id: 'bulk.create.deliveryLater' }) },
                ...(points.data?.deliveryPoints ?? []).map((point) => ({
                  value: point.deliveryPointId,
                  label: pointLabel(point),
                })),
              ]}
              {...form.register('deliveryPointId')}
            />
          ) : null}
          <Checkbox
            label={intl.formatMessage({ id: 'bulk.create.inviteCardholders' })}
            description={intl.formatMessage({ id: 'bulk.create.inviteCardholdersHint' })}
            {...form.register('inviteCardholders')}
          />
          {blockText ? (
            <Alert id={ids.block} role="note" color={block === 'hasErrors' ? 'red' : 'gray'} variant="light">
              {blockText}
            </Alert>
          ) : null}
          {refused.length > 0 ? (
            <Alert color="red" variant="light" title={intl.formatMessage({ id: 'bulk.create.refused' })}>
              <List size="sm">
                {refused.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Group>
            <LoadingButton
              type="submit"
              isLoading={create.isPending}
              disabled={block !== null}
              aria-describedby={blockText ? ids.block : undefined}
            >
              {intl.formatMessage({ id: 'bulk.create.submit' })}
            </LoadingButton>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
