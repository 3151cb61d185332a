import { NativeSelect, Paper, SimpleGrid, Title } from '@mantine/core';
import {
  CARD_CATEGORIES,
  CONTRACT_STATUSES,
  PRODUCTS,
  parseAmount,
  stripLeadingWhitespace,
  type CardCategory,
  type Contract,
} from '@tessera/domain';
import { TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import { useCreateContract, useUpdateContractStatus, type ContractField } from '../api/create-contract';

type Values = {
  product: CardCategory;
  contractNumber: string;
  status: Contract['status'];
  signedOn: string;
  validFrom: string;
  validTo: string;
  cardFee: string;
  loadFeePercent: string;
  paymentTermsDays: string;
};

const EMPTY: Values = {
  product: 'TICKET_RESTAURANT',
  contractNumber: '',
  status: 'pending',
  signedOn: '',
  validFrom: '',
  validTo: '',
  cardFee: '',
  loadFeePercent: '',
  paymentTermsDays: '30',
};

/**
 * Provider staff add a contract to the company (issue 18 §3, ADR 024): product, number, status,
 * dates and fees (the card fee in euros, the load fee in percent, as the list shows them). The
 * server's 400 names fields (an end before the start, a number in use); each shows by its input.
 */
export function ContractAdminForm({ companyId }: { companyId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const create = useCreateContract(companyId);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<ContractField>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const t = (id: string) =>
    intl.formatMessage({ id: `backOffice.contract.${id}` as 'backOffice.contract.add' });

  const bind = (key: Exclude<keyof Values, 'product' | 'status'>) => ({
    name: key,
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = stripLeadingWhitespace(event.currentTarget.value);
      setValues((current) => ({ ...current, [key]: value }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAdded(null);
    setMessage(null);
    const local: FieldErrors<ContractField> = {};
    const cardFeeCents = parseAmount(values.cardFee);
    if (cardFeeCents === null) local.cardFeeCents = intl.formatMessage({ id: 'form.issue.amount' });
    const percent = values.loadFeePercent.trim().replace(',', '.');
    if (!/^\d+(\.\d{1,2})?$/.test(percent))
      local.loadFeeBasisPoints = intl.formatMessage({ id: 'form.issue.invalid' });
    const days = Number(values.paymentTermsDays);
    if (!/^\d+$/.test(values.paymentTermsDays))
      local.paymentTermsDays = intl.formatMessage({ id: 'form.issue.invalid' });
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const result = await create.mutateAsync({
      product: values.product,
      contractNumber: values.contractNumber.toUpperCase(),
      status: values.status,
      signedOn: values.signedOn,
      validFrom: values.validFrom,
      validTo: values.validTo === '' ? null : values.validTo,
      cardFeeCents: cardFeeCents ?? 0,
      loadFeeBasisPoints: Math.round(Number(percent) * 100),
      paymentTermsDays: days,
    });
    if (!result.ok) {
      setErrors(result.fieldErrors);
      setMessage(result.message);
      return;
    }
    setErrors({});
    setValues(EMPTY);
    setAdded(intl.formatMessage({ id: 'backOffice.contract.added' }, { number: result.data.contractNumber }));
  };

  return (
    <Paper component="section" withBorder radius="md" p="lg" mt="lg" aria-labelledby="contract-add-title">
      <Title order={3} size="h4" id="contract-add-title" mb="md">
        {t('add')}
      </Title>
      {added ? (
        <FormAlert key={added} kind="success">
          {added}
        </FormAlert>
      ) : null}
      {message ? (
        <FormAlert key={message} kind="error">
          {message}
        </FormAlert>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <NativeSelect
            label={t('product')}
            name="product"
            value={values.product}
            error={errors.product}
            data={CARD_CATEGORIES.map((product) => ({
              value: product,
              label: PRODUCTS[product].name[locale],
            }))}
            onChange={(event) =>
              setValues((current) => ({ ...current, product: event.currentTarget.value as CardCategory }))
            }
          />
          <TextInput
            label={t('number')}
            withAsterisk
            error={errors.contractNumber}
            {...bind('contractNumber')}
          />
          <NativeSelect
            label={t('status')}
            name="status"
            value={values.status}
            error={errors.status}
            data={CONTRACT_STATUSES.map((status) => ({
              value: status,
              label: intl.formatMessage({ id: `account.contracts.status.${status}` }),
            }))}
            onChange={(event) =>
              setValues((current) => ({
                ...current,
                status: event.currentTarget.value as Contract['status'],
              }))
            }
          />
          <TextInput
            type="date"
            label={t('signedOn')}
            withAsterisk
            error={errors.signedOn}
            {...bind('signedOn')}
          />
          <TextInput
            type="date"
            label={t('validFrom')}
            withAsterisk
            error={errors.validFrom}
            {...bind('validFrom')}
          />
          <TextInput type="date" label={t('validTo')} error={errors.validTo} {...bind('validTo')} />
          <TextInput
            label={t('cardFee')}
            rightSection="€"
            inputMode="decimal"
            withAsterisk
            error={errors.cardFeeCents}
            {...bind('cardFee')}
          />
          <TextInput
            label={t('loadFee')}
            rightSection="%"
            inputMode="decimal"
            withAsterisk
            error={errors.loadFeeBasisPoints}
            {...bind('loadFeePercent')}
          />
          <TextInput
            label={t('paymentTerms')}
            inputMode="numeric"
            withAsterisk
            error={errors.paymentTermsDays}
            {...bind('paymentTermsDays')}
          />
        </SimpleGrid>
        <LoadingButton type="submit" mt="md" isLoading={create.isPending}>
          {t('submit')}
        </LoadingButton>
      </form>
    </Paper>
  );
}

/** Provider staff: the status of one contract (pending → active → expired), changed at once. */
export function ContractStatusSelect({ companyId, contract }: { companyId: string; contract: Contract }) {
  const intl = useIntl();
  const update = useUpdateContractStatus(companyId);
  return (
    <NativeSelect
      mt="sm"
      maw={260}
      label={intl.formatMessage({ id: 'backOffice.contract.statusOf' }, { number: contract.contractNumber })}
      value={contract.status}
      disabled={update.isPending}
      data={CONTRACT_STATUSES.map((status) => ({
        value: status,
        label: intl.formatMessage({ id: `account.contracts.status.${status}` }),
      }))}
      onChange={(event) =>
        void update.mutateAsync({
          contractId: contract.contractId,
          status: event.currentTarget.value as Contract['status'],
        })
      }
    />
  );
}
