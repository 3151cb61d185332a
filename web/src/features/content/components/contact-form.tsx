import { Alert, NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { CONTACT_SUBJECTS, stripLeadingWhitespace, type SubmitContactRequest } from '@tessera/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LoadingButton } from '../../../ui/loading-button';
import { useSubmitContact } from '../api/submit-contact';

type ContactField = keyof SubmitContactRequest;
type FormValues = Record<ContactField, string>;

const EMPTY: FormValues = { name: '', email: '', phone: '', company: '', subject: '', message: '' };
const FIELD_ORDER: ContactField[] = ['name', 'email', 'phone', 'company', 'subject', 'message'];

/**
 * The contact form (SubmitContact). Validation is the server's: its 400 names the fields, and each
 * message shows next to its field; on success the ticket number is shown.
 */
export function ContactForm() {
  const intl = useIntl();
  const submit = useSubmitContact();
  const [values, setValues] = useState<FormValues>(EMPTY);
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
      setValues(EMPTY);
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
