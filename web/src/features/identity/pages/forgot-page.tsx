import { Anchor, Stack, TextInput } from '@mantine/core';
import { stripLeadingWhitespace } from '@tessera/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';

/**
 * `/user/forgot`: asks for a reset link by email. The answer is the same whether or not an account
 * exists for the address (ADR 005), so the page never tells who has an account.
 */
export function ForgotPage() {
  const intl = useIntl();
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<'email'>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isRateLimited, setIsRateLimited] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const title = intl.formatMessage({ id: 'identity.forgot.title' });
  useDocumentTitle(title);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsRateLimited(false);
    const address = email.trim();
    if (address === '') {
      setFieldErrors({ email: intl.formatMessage({ id: 'identity.field.required' }) });
      inputRef.current?.focus();
      return;
    }
    const result = await requestReset.mutateAsync(address);
    if (result.ok) {
      setFieldErrors({});
      setSentTo(address);
      return;
    }
    setFieldErrors(result.fieldErrors);
    setIsRateLimited(result.isRateLimited);
    if (result.fieldErrors.email) inputRef.current?.focus();
  };

  const backToSignIn = (
    <Anchor component={LanguageLink} to="/user/login">
      {intl.formatMessage({ id: 'identity.forgot.back' })}
    </Anchor>
  );

  return (
    <AuthLayout title={title} summary={intl.formatMessage({ id: 'identity.forgot.summary' })}>
      {sentTo ? (
        <Stack gap="md">
          <FormAlert kind="success" title={intl.formatMessage({ id: 'identity.forgot.done.title' })}>
            {intl.formatMessage({ id: 'identity.forgot.done.text' }, { email: sentTo })}
          </FormAlert>
          {backToSignIn}
        </Stack>
      ) : (
        <>
          {isRateLimited ? (
            <FormAlert kind="error">
              {intl.formatMessage({ id: 'identity.forgot.error.rateLimited' })}
            </FormAlert>
          ) : null}
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            <Stack gap="md">
              <TextInput
                ref={inputRef}
                name="email"
                type="email"
                label={intl.formatMessage({ id: 'identity.forgot.email' })}
                autoComplete="email"
                withAsterisk
                aria-required
                value={email}
                error={fieldErrors.email}
                onChange={(event) => setEmail(stripLeadingWhitespace(event.currentTarget.value))}
              />
              <LoadingButton type="submit" size="md" isLoading={requestReset.isPending}>
                {intl.formatMessage({ id: 'identity.forgot.submit' })}
              </LoadingButton>
              {backToSignIn}
            </Stack>
          </form>
        </>
      )}
    </AuthLayout>
  );
}
