import { useEffect, useState, type FormEvent } from 'react';
import { api, errorText, resetCsrf, type Cardholder, type SessionAnswer } from '../api';
import { useMy } from '../context';
import { PageTitle } from '../parts';

/** A refusal of the server, whose message is shown as it is. */
class ServerRefusal extends Error {}

/**
 * Sign-in (issue 35 §1): the e-mail, then the six-digit code mailed to it; or a passkey when the
 * browser has WebAuthn. The passkey library loads only when the button is pressed.
 */
export function SignIn() {
  const { t, locale, setSession, refreshCards, go } = useMy();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field: 'email' | 'code' | 'form'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [passkeys, setPasskeys] = useState(false);
  const fallback = { offline: t('networkError'), generic: t('genericError') };

  useEffect(() => {
    setPasskeys(typeof window.PublicKeyCredential === 'function');
  }, []);

  const signedIn = async () => {
    resetCsrf();
    const session = await api.get<SessionAnswer>('/api/my/session');
    if (session.ok) {
      setSession(session.data);
      await refreshCards();
      go('/');
    }
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError({ field: 'email', text: t('emailRequired') });
    setBusy(true);
    const result = await api.post('/api/my/sign-in/code', { email: email.trim(), locale });
    setBusy(false);
    if (!result.ok) return setError({ field: 'email', text: errorText(result, fallback, 'email') });
    setError(null);
    setStep('code');
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError({ field: 'code', text: t('codeRequired') });
    setBusy(true);
    const result = await api.post<{ cardholder: Cardholder }>('/api/my/sign-in/verify', {
      email: email.trim(),
      code: code.trim(),
    });
    setBusy(false);
    if (!result.ok) return setError({ field: 'code', text: errorText(result, fallback, 'code') });
    setError(null);
    await signedIn();
  };

  const withPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const options = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/api/my/passkeys/authentication/options',
        {},
      );
      if (!options.ok) throw new ServerRefusal(errorText(options, fallback));
      const response = await startAuthentication({ optionsJSON: options.data });
      const verified = await api.post('/api/my/passkeys/authentication/verify', { response });
      if (!verified.ok) throw new ServerRefusal(errorText(verified, fallback));
      await signedIn();
    } catch (failure) {
      // The server's words when it refused; the browser's own (cancelled, timed out) are not shown.
      setError({
        field: 'form',
        text: failure instanceof ServerRefusal ? failure.message : t('passkeyFailed'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>{t('signInTitle')}</PageTitle>
      {step === 'email' ? (
        <form className="panel" onSubmit={sendCode} noValidate>
          <p>{t('signInIntro')}</p>
          <label htmlFor="my-email">{t('email')}</label>
          <input
            id="my-email"
            type="email"
            inputMode="email"
            autoComplete="username webauthn"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error?.field === 'email' || undefined}
            aria-describedby={error?.field === 'email' ? 'my-email-error' : undefined}
          />
          {error?.field === 'email' && (
            <p id="my-email-error" className="error">
              {error.text}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {t('sendCode')}
          </button>
        </form>
      ) : (
        <form className="panel" onSubmit={verify} noValidate>
          <p role="status">{t('codeSent', { email: email.trim() })}</p>
          <label htmlFor="my-code">{t('code')}</label>
          <input
            id="my-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            aria-invalid={error?.field === 'code' || undefined}
            aria-describedby={error?.field === 'code' ? 'my-code-error' : undefined}
          />
          {error?.field === 'code' && (
            <p id="my-code-error" className="error">
              {error.text}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {t('verify')}
          </button>
          <button
            type="button"
            className="link"
            onClick={() => {
              setStep('email');
              setCode('');
              setError(null);
            }}
          >
            {t('otherEmail')}
          </button>
        </form>
      )}
      {passkeys && (
        <div className="panel">
          <button type="button" className="secondary" onClick={() => void withPasskey()} disabled={busy}>
            {t('usePasskey')}
          </button>
          {error?.field === 'form' && (
            <p className="error" role="alert">
              {error.text}
            </p>
          )}
        </div>
      )}
    </>
  );
}
