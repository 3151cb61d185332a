import { Stack } from '@mantine/core';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tessera/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoadingButton } from '../../../ui/loading-button';
import { useChangePassword } from '../api/change-password';
import { FormAlert } from '../components/form-alert';
import {
  NewPasswordFields,
  newPasswordErrors,
  type NewPasswordValues,
} from '../components/new-password-fields';
import { PasswordField } from '../components/password-field';
import { AccountHeader } from '../components/account-header';

type Errors = { current?: string; password?: string; repeat?: string };
const FIELD_NAMES = {
  current: 'currentPassword',
  password: 'newPassword',
  repeat: 'repeatPassword',
} as const;

/**
 * `/account/change-password`: current password, new password twice, rules shown before submit. On
 * success every other session of the user has ended (ADR 005), and the page says so.
 */
export function ChangePasswordPage() {
  const intl = useIntl();
  const change = useChangePassword();
  const email = useSession().data?.user.email ?? null;
  const [current, setCurrent] = useState('');
  const [values, setValues] = useState<NewPasswordValues>({ password: '', repeat: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [isDone, setIsDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const title = intl.formatMessage({ id: 'identity.change.title' });
  useDocumentTitle(title);

  const focusFirst = (found: Errors) => {
    const first = (['current', 'password', 'repeat'] as const).find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${FIELD_NAMES[first]}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsDone(false);
    const required = intl.formatMessage({ id: 'identity.field.required' });
    const found: Errors = {
      ...(current === '' ? { current: required } : {}),
      ...newPasswordErrors(
        values,
        {
          required,
          mismatch: intl.formatMessage({ id: 'identity.password.mismatch' }),
          problem: (rule) =>
            intl.formatMessage(
              { id: `identity.password.problem.${rule}` },
              { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
            ),
        },
        email,
      ),
    };
    setErrors(found);
    if (found.current || found.password || found.repeat) {
      focusFirst(found);
      return;
    }
    const result = await change.mutateAsync({ currentPassword: current, newPassword: values.password });
    if (result.ok) {
      setIsDone(true);
      setCurrent('');
      setValues({ password: '', repeat: '' });
      return;
    }
    const fromServer: Errors = {
      current: result.fieldErrors.currentPassword,
      password: result.fieldErrors.newPassword,
    };
    setErrors(fromServer);
    focusFirst(fromServer);
  };

  return (
    <section
      className="tessera-page tessera-page--narrow tessera-account"
      aria-labelledby="change-password-title"
    >
      <AccountHeader title={title} id="change-password-title" />
      {isDone ? (
        <FormAlert kind="success" title={intl.formatMessage({ id: 'identity.change.done.title' })}>
          {intl.formatMessage({ id: 'identity.change.done.text' })}
        </FormAlert>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="tessera-account__form"
      >
        <Stack gap="md">
          <PasswordField
            name="currentPassword"
            label={intl.formatMessage({ id: 'identity.change.current' })}
            autoComplete="current-password"
            withAsterisk
            aria-required
            value={current}
            error={errors.current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
          />
          <NewPasswordFields
            email={email}
            values={values}
            errors={errors}
            onChange={setValues}
            labels={{
              password: intl.formatMessage({ id: 'identity.change.new' }),
              repeat: intl.formatMessage({ id: 'identity.change.repeat' }),
            }}
          />
          <LoadingButton
            type="submit"
            size="md"
            isLoading={change.isPending}
            className="tessera-account__submit"
          >
            {intl.formatMessage({ id: 'identity.change.submit' })}
          </LoadingButton>
        </Stack>
      </form>
    </section>
  );
}
