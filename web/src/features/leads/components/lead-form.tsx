import { Checkbox, SimpleGrid, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { isValidGreekTaxId, stripLeadingWhitespace, type LeadKind } from '@tessera/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '../../../lib/form-errors';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../ui/form-alert';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { useSubmitLead, type LeadField } from '../api/submit-lead';

type TextField = Exclude<LeadField, 'consent'> | 'website';
type Values = Record<TextField, string> & { consent: boolean };

const EMPTY: Values = {
  companyName: '',
  vat: '',
  contactName: '',
  email: '',
  phone: '',
  size: '',
  message: '',
  website: '',
  consent: false,
};
const FIELD_ORDER: LeadField[] = [
  'companyName',
  'vat',
  'contactName',
  'email',
  'phone',
  'size',
  'message',
  'consent',
];

/**
 * The public lead form (issue 18 §6, ADR 024), for a future client (`size`: employees) or partner
 * merchant (`size`: stores). The AFM is checked here with its check digit before sending; the
 * server checks everything again and names each wrong field in the page's language. `website` is
 * the honeypot: hidden from people and from assistive technology, left empty by them.
 */
export function LeadForm({ kind }: { kind: LeadKind }) {
  const intl = useIntl();
  const submit = useSubmitLead();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<LeadField>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reference) successRef.current?.focus();
  }, [reference]);

  const label = (field: TextField | 'consent') =>
    intl.formatMessage({
      id: `leads.field.${field === 'size' ? `size.${kind}` : field}` as 'leads.field.email',
    });
  const bind = (field: TextField) => ({
    name: field,
    value: values[field],
    error: field === 'website' ? undefined : errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = stripLeadingWhitespace(event.currentTarget.value);
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  const focus = (fieldErrors: FieldErrors<LeadField>) => {
    const first = FIELD_ORDER.find((field) => fieldErrors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setReference(null);
    setMessage(null);
    if (values.vat.trim() !== '' && !isValidGreekTaxId(values.vat)) {
      const local = { vat: intl.formatMessage({ id: 'form.issue.taxId' }) };
      setErrors(local);
      focus(local);
      return;
    }
    const size = values.size.trim() === '' ? 0 : Number(values.size.replace(/\D/g, ''));
    const result = await submit.mutateAsync({
      kind,
      companyName: values.companyName,
      vat: values.vat,
      contactName: values.contactName,
      email: values.email,
      phone: values.phone,
      size,
      message: values.message,
      consent: values.consent as true,
      website: values.website,
    });
    if (result.ok) {
      setErrors({});
      setValues(EMPTY);
      setReference(result.data.reference);
      return;
    }
    setErrors(result.fieldErrors);
    setMessage(result.message);
    focus(result.fieldErrors);
  };

  return (
    <div>
      {reference ? (
        <FormAlert kind="success" title={intl.formatMessage({ id: 'leads.success.title' })}>
          <div ref={successRef} tabIndex={-1}>
            {intl.formatMessage({ id: `leads.success.text.${kind}` }, { reference })}
          </div>
        </FormAlert>
      ) : null}
      {message ? (
        <FormAlert key={message} kind="error">
          {message}
        </FormAlert>
      ) : null}
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={label('companyName')}
            withAsterisk
            autoComplete="organization"
            {...bind('companyName')}
          />
          <TextInput label={label('vat')} withAsterisk inputMode="numeric" {...bind('vat')} />
          <TextInput label={label('contactName')} withAsterisk autoComplete="name" {...bind('contactName')} />
          <TextInput
            label={label('email')}
            withAsterisk
            type="email"
            autoComplete="email"
            {...bind('email')}
          />
          <TextInput label={label('phone')} withAsterisk type="tel" autoComplete="tel" {...bind('phone')} />
          <TextInput label={label('size')} withAsterisk inputMode="numeric" {...bind('size')} />
        </SimpleGrid>
        <Textarea mt="md" label={label('message')} autosize minRows={4} {...bind('message')} />
        <VisuallyHidden aria-hidden="true">
          <label>
            Website
            <input
              tabIndex={-1}
              autoComplete="off"
              {...bind('website')}
              onChange={bind('website').onChange}
            />
          </label>
        </VisuallyHidden>
        <Checkbox
          mt="md"
          name="consent"
          checked={values.consent}
          error={errors.consent}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setValues((current) => ({ ...current, consent: checked }));
          }}
          label={
            <>
              {intl.formatMessage({ id: 'leads.field.consent' })}{' '}
              <LanguageLink to={paths.page.href('privacy')}>
                {intl.formatMessage({ id: 'leads.privacy' })}
              </LanguageLink>
            </>
          }
        />
        <LoadingButton type="submit" mt="lg" size="md" isLoading={submit.isPending}>
          {intl.formatMessage({ id: `leads.submit.${kind}` })}
        </LoadingButton>
      </form>
    </div>
  );
}
