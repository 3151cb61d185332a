import { Anchor, Stack } from '@mantine/core';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tessera/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import {
  NewPasswordFields,
  newPasswordErrors,
  type NewPasswordValues,
} from '../components/new-password-fields';

/**
 * `/user/reset?token=…&code_type=token` (SPEC §7): sets a new password with the emailed code. The
 * same page confirms a new account (its confirmation link carries a code too). The rules show
 * before submit and tick as they are met.
 */
export function ResetPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const codeType = params.get('code_type') ?? 'token';
  const reset = useResetPassword();
  const [values, setValues] = useState<NewPasswordValues>({ password: '', repeat: '' });
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [state, setState] = useState<'form' | 'done' | 'invalidLink' | 'rateLimited'>('form');
  const formRef = useRef<HTMLFormElement>(null);
  const title = intl.formatMessage({ id: 'identity.reset.title' });
  useDocumentTitle(title);

  const focus = (field: 'password' | 'repeat') =>
    formRef.current
      ?.querySelector<HTMLElement>(`[name="${field === 'password' ? 'newPassword' : 'repeatPassword'}"]`)
      ?.focus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = newPasswordErrors(values, {
      required: intl.formatMessage({ id: 'identity.field.required' }),
      mismatch: intl.formatMessage({ id: 'identity.password.mismatch' }),
      problem: (rule) =>
        intl.formatMessage(
          { id: `identity.password.problem.${rule}` },
          { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
        ),
    });
    setErrors(problems);
    if (problems.password || problems.repeat) {
      focus(problems.password ? 'password' : 'repeat');
      return;
    }
    const result = await reset.mutateAsync({ token, code_type: 'token', password: values.password });
    if (result.ok) {
      setState('done');
      return;
    }
    if (result.isInvalidLink) setState('invalidLink');
    else if (result.isRateLimited) setState('rateLimited');
    setErrors({ password: result.fieldErrors.password });
    if (result.fieldErrors.password) focus('password');
  };

  const requestNew = (
    <Anchor component={LanguageLink} to="/user/forgot">
      {intl.formatMessage({ id: 'identity.reset.requestNew' })}
    </Anchor>
  );

  if (!token || codeType !== 'token') {
    return (
      <AuthLayout title={title}>
        <Stack gap="md">
          <FormAlert kind="error">{intl.formatMessage({ id: 'identity.reset.missingToken' })}</FormAlert>
          {requestNew}
        </Stack>
      </AuthLayout>
    );
  }

  if (state === 'done') {
    return (
      <AuthLayout title={title}>
        <Stack gap="md">
          <FormAlert kind="success" title={intl.formatMessage({ id: 'identity.reset.done.title' })}>
            {intl.formatMessage({ id: 'identity.reset.done.text' })}
          </FormAlert>
          <Anchor component={LanguageLink} to="/user/login" fw={600}>
            {intl.formatMessage({ id: 'identity.reset.signIn' })}
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  if (state === 'invalidLink') {
    return (
      <AuthLayout title={title}>
        <Stack gap="md">
          <FormAlert kind="error">{intl.formatMessage({ id: 'identity.reset.invalidLink' })}</FormAlert>
          {requestNew}
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} summary={intl.formatMessage({ id: 'identity.reset.summary' })}>
      {state === 'rateLimited' ? (
        <FormAlert kind="error">{intl.formatMessage({ id: 'identity.forgot.error.rateLimited' })}</FormAlert>
      ) : null}
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="md">
          <NewPasswordFields
            values={values}
            errors={errors}
            onChange={setValues}
            labels={{
              password: intl.formatMessage({ id: 'identity.reset.password' }),
              repeat: intl.formatMessage({ id: 'identity.reset.repeat' }),
            }}
          />
          <LoadingButton type="submit" size="md" isLoading={reset.isPending}>
            {intl.formatMessage({ id: 'identity.reset.submit' })}
          </LoadingButton>
        </Stack>
      </form>
    </AuthLayout>
  );
}
