import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { localePath, stripLeadingWhitespace } from '@tessera/domain';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useSearchParams } from 'react-router';
import type { MessageId } from '../../../i18n/messages';
import { browser } from '../../../lib/browser';
import type { FieldErrors } from '../../../lib/form-errors';
import { signIn, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { LoadingSpinner } from '../../../ui/loading-spinner';
import { useLoginPage } from '../api/get-login-page';
import { useLogin, type LoginProblem } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { PasswordField } from '../components/password-field';
import {
  CALLBACK_KEY,
  NOTE_KEY,
  recalled,
  remember,
  rememberSignInStart,
  safeCallbackUrl,
} from '../sign-in-start';

export { safeCallbackUrl };

// The second step (code, remembered browser, enrolment with its QR code and recovery codes) is for
// accounts that have one: it loads when the password is sent, not with the form (ADR 052).
const loadSecondFactorStep = () => import('../components/second-factor-step');
const SecondFactorStep = lazy(() =>
  loadSecondFactorStep().then((module) => ({ default: module.SecondFactorStep })),
);

type LoginTexts = {
  emailLabel?: string;
  passwordLabel?: string;
  submit?: string;
  forgot?: string;
  help?: string;
};

/** The portal's callback errors (server: auth routes) and the session client's own. */
const START_ERRORS: Record<string, MessageId> = {
  Callback: 'identity.login.error.callback',
  Refused: 'identity.login.error.refused',
  Expired: 'identity.login.error.signInExpired',
  Configuration: 'identity.login.error.configuration',
  RateLimited: 'identity.login.error.rateLimited',
};

const PROBLEM_MESSAGES: Record<LoginProblem, MessageId> = {
  invalidCredentials: 'identity.login.error.invalidCredentials',
  locked: 'identity.login.error.locked',
  notConfirmed: 'identity.login.error.notConfirmed',
  rateLimited: 'identity.login.error.rateLimited',
  expired: 'identity.login.error.expired',
  passwordResetRequired: 'identity.login.error.passwordResetRequired',
};

/**
 * `/user/login` (SPEC §2, ARCHITECTURE §6). Without `uid` it starts signing in through the portal's
 * provider (`signIn` with `callbackUrl`), explaining `error=SessionRequired` on the way; with an
 * `error` from a failed sign-in it shows it and waits. With `uid` (the provider's login
 * interaction) it is the email and password form; the provider then continues the flow.
 */
export function LoginPage() {
  const intl = useIntl();
  const locale = useLocale();
  const [params] = useSearchParams();
  const page = useLoginPage();
  const texts: LoginTexts = page.data?.texts ?? {};
  const title = page.data?.title ?? intl.formatMessage({ id: 'identity.login.title' });
  useDocumentTitle(title);
  const uid = params.get('uid');
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl')) ?? localePath(locale, '/');

  return (
    <AuthLayout
      title={title}
      summary={page.data?.summary ?? intl.formatMessage({ id: 'identity.login.summary' })}
      footer={texts.help ? <p>{texts.help}</p> : null}
    >
      {uid ? (
        <LoginForm uid={uid} texts={texts} />
      ) : (
        <SignInStarter error={params.get('error')} callbackUrl={callbackUrl} />
      )}
    </AuthLayout>
  );
}

function SignInStarter({ error, callbackUrl }: { error: string | null; callbackUrl: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const session = useSession();
  const isSessionRequired = error === 'SessionRequired';
  const shouldStart = error === null || isSessionRequired;
  const [startError, setStartError] = useState<string | null>(null);
  const [isRetrying, setIsRetrying] = useState(false);

  const start = () => {
    rememberSignInStart({ locale, callbackUrl, isSessionRequired });
    void signIn(callbackUrl).then((result) => {
      setIsRetrying(false);
      if (result.error) setStartError(result.error);
    });
  };

  useEffect(() => {
    if (shouldStart && session.status === 'unauthenticated') start();
    // Starts once per visit of the page; `signIn` itself never runs twice at the same time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shouldStart, session.status]);

  if (session.status === 'authenticated' && !startError && shouldStart)
    return <Navigate replace to={callbackUrl} />;

  const shownError = startError ?? (shouldStart ? null : error);
  if (shownError) {
    return (
      <div className="tessera-stack">
        <FormAlert kind="error" key={shownError}>
          {intl.formatMessage({ id: START_ERRORS[shownError] ?? 'identity.login.error.generic' })}
        </FormAlert>
        <LoadingButton
          size="md"
          isLoading={isRetrying}
          onClick={() => {
            setIsRetrying(true);
            setStartError(null);
            start();
          }}
        >
          {intl.formatMessage({ id: 'identity.login.submit' })}
        </LoadingButton>
      </div>
    );
  }

  return (
    <div className="tessera-stack">
      {isSessionRequired ? (
        <FormAlert kind="info">{intl.formatMessage({ id: 'identity.login.sessionRequired' })}</FormAlert>
      ) : null}
      <Text c="dimmed">{intl.formatMessage({ id: 'identity.login.redirecting' })}</Text>
      <LoadingSpinner />
    </div>
  );
}

type LoginField = 'email' | 'password';

function LoginForm({ uid, texts }: { uid: string; texts: LoginTexts }) {
  const intl = useIntl();
  const login = useLogin(uid);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<LoginField>>({});
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const [secondFactor, setSecondFactor] = useState<{ enrolled: boolean } | null>(null);
  const [note] = useState(() => recalled(NOTE_KEY));
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => remember(NOTE_KEY, null), []);

  const focusField = (field: LoginField) =>
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const required = intl.formatMessage({ id: 'identity.field.required' });
    const missing: FieldErrors<LoginField> = {};
    if (email.trim() === '') missing.email = required;
    if (password === '') missing.password = required;
    setFieldErrors(missing);
    if (missing.email || missing.password) {
      focusField(missing.email ? 'email' : 'password');
      return;
    }
    // Fetched while the password is checked: ready when the account turns out to need it.
    void loadSecondFactorStep().catch(() => {});
    const result = await login.mutateAsync({ email: email.trim(), password });
    if (result.ok && 'next' in result) {
      setPassword('');
      setSecondFactor({ enrolled: result.enrolled });
      return;
    }
    if (result.ok) {
      setIsLeaving(true);
      browser.assign(result.redirectTo);
      return;
    }
    setFieldErrors(result.fieldErrors);
    setProblem(result.problem);
    if (result.problem === 'invalidCredentials') setPassword('');
    if (!result.problem) {
      const first = (['email', 'password'] as const).find((field) => result.fieldErrors[field]);
      if (first) focusField(first);
    }
  };

  const restart = () => {
    setIsLeaving(true);
    void signIn(safeCallbackUrl(recalled(CALLBACK_KEY)) ?? undefined).then((result) => {
      if (result.error) setIsLeaving(false);
    });
  };

  if (secondFactor) {
    return (
      <Suspense fallback={<LoadingSpinner />}>
        <SecondFactorStep
          uid={uid}
          enrolled={secondFactor.enrolled}
          onDone={(redirectTo) => browser.assign(redirectTo)}
          onRestart={restart}
        />
      </Suspense>
    );
  }

  return (
    <>
      {note === 'SessionRequired' && !problem ? (
        <FormAlert kind="info">{intl.formatMessage({ id: 'identity.login.sessionRequired' })}</FormAlert>
      ) : null}
      {problem ? (
        <FormAlert kind="error" key={problem}>
          {intl.formatMessage({ id: PROBLEM_MESSAGES[problem] })}
        </FormAlert>
      ) : null}
      {problem === 'expired' ? (
        <Button size="md" onClick={restart} loading={isLeaving}>
          {intl.formatMessage({ id: 'identity.login.restart' })}
        </Button>
      ) : (
        <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="tessera-stack">
            <TextInput
              name="email"
              type="email"
              label={texts.emailLabel || intl.formatMessage({ id: 'identity.login.email' })}
              autoComplete="username"
              withAsterisk
              aria-required
              value={email}
              error={fieldErrors.email}
              onChange={(event) => setEmail(stripLeadingWhitespace(event.currentTarget.value))}
            />
            <PasswordField
              name="password"
              label={texts.passwordLabel || intl.formatMessage({ id: 'identity.login.password' })}
              autoComplete="current-password"
              withAsterisk
              aria-required
              value={password}
              error={fieldErrors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <LoadingButton type="submit" size="md" isLoading={login.isPending || isLeaving}>
              {texts.submit || intl.formatMessage({ id: 'identity.login.submit' })}
            </LoadingButton>
            <Anchor component={LanguageLink} to="/user/forgot">
              {texts.forgot || intl.formatMessage({ id: 'identity.login.forgot' })}
            </Anchor>
          </div>
        </form>
      )}
    </>
  );
}
