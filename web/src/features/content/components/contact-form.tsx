import { Alert, NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { CONTACT_SUBJECTS, stripLeadingWhitespace, type SubmitContactRequest } from '@tessera/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '../../../lib/session';
import { useActingCompany } from '../../../lib/use-acting-company';
import { LoadingButton } from '../../../ui/loading-button';
import { useSubmitContact } from '../api/submit-contact';

type ContactField = keyof SubmitContactRequest;
type FormValues = Record<ContactField, string>;

const EMPTY: FormValues = { name: '', email: '', phone: '', company: '', subject: '', message: '' };
const FIELD_ORDER: ContactField[] = ['name', 'email', 'phone', 'company', 'subject', 'message'];

type Prefill = Pick<FormValues, 'name' | 'email' | 'company'>;
const PREFILLED = ['name', 'email', 'company'] as const;

/**
 * What the portal already knows of the sender: the signed-in user's name and email (session) and
 * the company they act for (its name once the selection has loaded it); empty for a visitor.
 */
function usePrefill(): Prefill {
  const user = useSession().data?.user;
  const company = useActingCompany();
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() || user.name : '';
  return { name: fullName, email: user?.email ?? '', company: company?.name ?? '' };
}

/** `values` with the fields still showing the old prefill (untouched) moved to the new one. */
function refill(values: FormValues, before: Prefill, after: Prefill): FormValues {
  const next = { ...values };
  for (const field of PREFILLED) if (values[field] === before[field]) next[field] = after[field];
  return next;
}

/**
 * The contact form (SubmitContact). A signed-in user finds their name, email and company filled in
 * (still editable; details arriving later fill only the fields left as they were). Validation is
 * the server's: its 400 names the fields, and each message shows next to its field; on success the
 * ticket number is shown and the form starts again from the user's details.
 */
export function ContactForm() {
  const intl = useIntl();
  const submit = useSubmitContact();
  const prefill = usePrefill();
  const [values, setValues] = useState<FormValues>(() => ({ ...EMPTY, ...prefill }));
  // The session and the company load after the first render: adjust while rendering (React's
  // "storing information from previous renders"), so the fields never flash empty then full.
  const [shownPrefill, setShownPrefill] = useState(prefill);
  if (PREFILLED.some((field) => prefill[field] !== shownPrefill[field])) {
    setShownPrefill(prefill);
    setValues((current) => refill(current, shownPrefill, prefill));
  }
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [ticketId, setTicketId] = useState<string | null>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (ticketId) successRef.current?.focus();
  }, [ticketId]);

  const label = (field: ContactField) => intl.formatMessage({ id: `contact.field.${field}` });
  const bind = (field: ContactField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      // SPEC §5: leading whitespace is stripped from text.
      const value = stripLeadingWhitespace(event.currentTarget.value);
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTicketId(null);
    const result = await submit.mutateAsync(values as SubmitContactRequest);
    if (result.ok) {
      setErrors({});
      setValues({ ...EMPTY, ...prefill });
      setTicketId(result.ticketId);
      return;
    }
    setErrors(result.fieldErrors);
    const first = FIELD_ORDER.find((field) => result.fieldErrors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  return (
    <div className="tessera-contact-form">
      {ticketId ? (
        <Alert
          ref={successRef}
          tabIndex={-1}
          role="status"
          color="tessera"
          variant="light"
          title={intl.formatMessage({ id: 'contact.success.title' })}
          mb="lg"
        >
          {intl.formatMessage({ id: 'contact.success.text' }, { ticketId })}
        </Alert>
      ) : null}
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={label('name')} withAsterisk aria-required autoComplete="name" {...bind('name')} />
          <TextInput
            label={label('email')}
            type="email"
            withAsterisk
            aria-required
            autoComplete="email"
            {...bind('email')}
          />
          <TextInput label={label('phone')} type="tel" autoComplete="tel" {...bind('phone')} />
          <TextInput label={label('company')} autoComplete="organization" {...bind('company')} />
        </SimpleGrid>
        <NativeSelect
          mt="md"
          label={label('subject')}
          withAsterisk
          aria-required
          data={[
            { value: '', label: intl.formatMessage({ id: 'contact.subject.choose' }) },
            ...CONTACT_SUBJECTS.map((subject) => ({
              value: subject,
              label: intl.formatMessage({ id: `contact.subject.${subject}` }),
            })),
          ]}
          {...bind('subject')}
        />
        <Textarea
          mt="md"
          label={label('message')}
          withAsterisk
          aria-required
          autosize
          minRows={5}
          {...bind('message')}
        />
        <LoadingButton type="submit" mt="lg" size="md" isLoading={submit.isPending}>
          {intl.formatMessage({ id: 'contact.submit' })}
        </LoadingButton>
      </form>
    </div>
  );
}
