import { Checkbox, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CARD_CATEGORIES,
  CARD_FAMILIES,
  DEFAULT_COMPANY_PRICING,
  PRODUCTS,
  formatAmount,
  isValidGreekTaxId,
  parseAmount,
  stripLeadingWhitespace,
  type CardCategory,
  type CardFamily,
  type CompanyAdmin,
  type CompanySettingsInput,
} from '@tessera/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import type { CompanyField } from '../api/save-company';

/** The form's inputs, as typed: amounts in euros (`3,50`), the service fee in percent (`1,5`). */
export type CompanyFormValues = {
  vat: string;
  name: string;
  street: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  products: CardCategory[];
  cardFee: Record<CardFamily, string>;
  serviceFeePercent: string;
  deliveryFee: string;
  approvalThreshold: string;
};

const percentText = (basisPoints: number) => String(basisPoints / 100).replace('.', ',');

/** The form's values for a company (or the provider's defaults for a new one). */
export function companyFormValues(company?: CompanyAdmin | null): CompanyFormValues {
  const pricing = company?.pricing ?? DEFAULT_COMPANY_PRICING;
  return {
    vat: company?.vat ?? '',
    name: company?.name ?? '',
    street: company?.address.street ?? '',
    streetNumber: company?.address.streetNumber ?? '',
    postalCode: company?.address.postalCode ?? '',
    city: company?.address.city ?? '',
    products: company?.products ?? [...CARD_CATEGORIES],
    cardFee: Object.fromEntries(
      CARD_FAMILIES.map((family) => [family, formatAmount(pricing.cardFeeCents[family])]),
    ) as Record<CardFamily, string>,
    serviceFeePercent: percentText(pricing.serviceFeeBasisPoints),
    deliveryFee: formatAmount(pricing.deliveryFeeCents),
    approvalThreshold:
      company?.approvalThresholdCents != null ? formatAmount(company.approvalThresholdCents) : '',
  };
}

/** `1,5` → 150 basis points; null when it is no number with at most two decimals. */
function basisPointsOf(text: string): number | null {
  const normal = text.trim().replace('%', '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

type Built = { settings: CompanySettingsInput; vat: string } | { errors: FieldErrors<CompanyField> };

/** The request the values make, or the fields the browser already knows to be wrong. */
function build(values: CompanyFormValues, isNew: boolean): Built {
  const errors: FieldErrors<CompanyField> = {};
  const amount = (text: string, field: CompanyField) => {
    const cents = parseAmount(text);
    if (cents === null) errors[field] = 'form.issue.amount';
    return cents ?? 0;
  };
  if (isNew && !isValidGreekTaxId(values.vat)) errors.vat = 'form.issue.taxId';
  const cardFeeCents = Object.fromEntries(
    CARD_FAMILIES.map((family) => [family, amount(values.cardFee[family], `pricing.cardFeeCents.${family}`)]),
  ) as Record<CardFamily, number>;
  const serviceFeeBasisPoints = basisPointsOf(values.serviceFeePercent);
  if (serviceFeeBasisPoints === null) errors['pricing.serviceFeeBasisPoints'] = 'form.issue.invalid';
  const deliveryFeeCents = amount(values.deliveryFee, 'pricing.deliveryFeeCents');
  const approvalThresholdCents =
    values.approvalThreshold.trim() === ''
      ? null
      : amount(values.approvalThreshold, 'approvalThresholdCents');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    vat: values.vat.trim(),
    settings: {
      name: values.name,
      address: {
        street: values.street,
        streetNumber: values.streetNumber,
        postalCode: values.postalCode,
        city: values.city,
      },
      products: values.products,
      pricing: { cardFeeCents, serviceFeeBasisPoints: serviceFeeBasisPoints ?? 0, deliveryFeeCents },
      approvalThresholdCents,
    },
  };
}

/**
 * A company's settings (issue 18 §3, ADR 024): the VAT number (AFM, checked here with its check
 * digit, then by the server, which also refuses one in use), name, address, the products it may
 * order, its price terms and approval threshold. New companies type the VAT number; it never
 * changes afterwards. The server's 400 names fields; each message shows beside its input.
 */
export function CompanyForm({
  initial,
  isNew,
  isSaving,
  submitLabel,
  onSubmit,
}: {
  initial: CompanyFormValues;
  isNew: boolean;
  isSaving: boolean;
  submitLabel: string;
  /** Sends the request; resolves to the server's field errors and message, or null when saved. */
  onSubmit: (request: {
    settings: CompanySettingsInput;
    vat: string;
  }) => Promise<{ fieldErrors: FieldErrors<CompanyField>; message: string | null } | null>;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<CompanyField>>({});
  const [message, setMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const t = (id: string) =>
    intl.formatMessage({ id: `backOffice.company.${id}` as 'backOffice.company.name' });

  const text = (key: Exclude<keyof CompanyFormValues, 'products' | 'cardFee'>) => ({
    name: key,
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = stripLeadingWhitespace(event.currentTarget.value);
      setValues((current) => ({ ...current, [key]: value }));
    },
  });
  /** Local errors are message ids; the server's are messages already in the page's language. */
  const errorOf = (field: CompanyField) => {
    const error = errors[field];
    if (!error) return undefined;
    return error.startsWith('form.issue.')
      ? intl.formatMessage({ id: error as 'form.issue.invalid' })
      : error;
  };

  const focusFirst = (fieldErrors: FieldErrors<CompanyField>) => {
    const first = Object.keys(fieldErrors)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const built = build(values, isNew);
    if ('errors' in built) {
      setErrors(built.errors);
      focusFirst(built.errors);
      return;
    }
    const failure = await onSubmit(built);
    setErrors(failure?.fieldErrors ?? {});
    setMessage(failure?.message ?? null);
    if (failure) focusFirst(failure.fieldErrors);
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-label={t('formLabel')}>
      {message ? (
        <FormAlert key={message} kind="error">
          {message}
        </FormAlert>
      ) : null}
      <Stack gap="lg">
        <Fieldset legend={t('identity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('vat')}
              description={isNew ? t('vatHelp') : undefined}
              withAsterisk={isNew}
              readOnly={!isNew}
              inputMode="numeric"
              data-field="vat"
              error={errorOf('vat')}
              {...text('vat')}
            />
            <TextInput
              label={t('name')}
              withAsterisk
              data-field="name"
              error={errorOf('name')}
              {...text('name')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('address')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('street')}
              withAsterisk
              data-field="address.street"
              error={errorOf('address.street')}
              {...text('street')}
            />
            <TextInput
              label={t('streetNumber')}
              withAsterisk
              data-field="address.streetNumber"
              error={errorOf('address.streetNumber')}
              {...text('streetNumber')}
            />
            <TextInput
              label={t('postalCode')}
              withAsterisk
              inputMode="numeric"
              data-field="address.postalCode"
              error={errorOf('address.postalCode')}
              {...text('postalCode')}
            />
            <TextInput
              label={t('city')}
              withAsterisk
              data-field="address.city"
              error={errorOf('address.city')}
              {...text('city')}
            />
          </SimpleGrid>
        </Fieldset>
        <Checkbox.Group
          label={t('products')}
          description={t('productsHelp')}
          withAsterisk
          value={values.products}
          error={errorOf('products')}
          onChange={(products) =>
            setValues((current) => ({
              ...current,
              products: CARD_CATEGORIES.filter((product) => products.includes(product)),
            }))
          }
        >
          <Group mt="xs" gap="lg">
            {CARD_CATEGORIES.map((product, index) => (
              <Checkbox
                key={product}
                value={product}
                label={PRODUCTS[product].name[locale]}
                {...(index === 0 ? { 'data-field': 'products' } : {})}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Fieldset legend={t('pricing')}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            {CARD_FAMILIES.map((family) => (
              <TextInput
                key={family}
                label={intl.formatMessage({
                  id: `backOffice.company.cardFee.${family}` as 'backOffice.company.name',
                })}
                rightSection="€"
                inputMode="decimal"
                data-field={`pricing.cardFeeCents.${family}`}
                error={errorOf(`pricing.cardFeeCents.${family}`)}
                name={`cardFee.${family}`}
                value={values.cardFee[family]}
                onChange={(event) => {
                  const value = stripLeadingWhitespace(event.currentTarget.value);
                  setValues((current) => ({ ...current, cardFee: { ...current.cardFee, [family]: value } }));
                }}
              />
            ))}
            <TextInput
              label={t('serviceFee')}
              rightSection="%"
              inputMode="decimal"
              data-field="pricing.serviceFeeBasisPoints"
              error={errorOf('pricing.serviceFeeBasisPoints')}
              {...text('serviceFeePercent')}
            />
            <TextInput
              label={t('deliveryFee')}
              rightSection="€"
              inputMode="decimal"
              data-field="pricing.deliveryFeeCents"
              error={errorOf('pricing.deliveryFeeCents')}
              {...text('deliveryFee')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('approval')}>
          <TextInput
            label={t('approvalThreshold')}
            description={t('approvalHelp')}
            rightSection="€"
            inputMode="decimal"
            maw={320}
            data-field="approvalThresholdCents"
            error={errorOf('approvalThresholdCents')}
            {...text('approvalThreshold')}
          />
        </Fieldset>
        <Group>
          <LoadingButton type="submit" size="md" isLoading={isSaving}>
            {submitLabel}
          </LoadingButton>
        </Group>
      </Stack>
    </form>
  );
}
