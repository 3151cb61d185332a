import { useCallback, useEffect, useState } from 'react';
import { api, errorText, type Passkey } from '../api';
import { useMy } from '../context';
import { date } from '../format';
import { PageTitle } from '../parts';

/**
 * The cardholder's account (issue 35 §1, §7): passkeys (add, remove), sign out here or everywhere,
 * and the download of their own data as JSON or CSV.
 */
export default function Account() {
  const { t, locale, session, setSession, go } = useMy();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [label, setLabel] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const supported = typeof window.PublicKeyCredential === 'function';
  const fallback = { offline: t('networkError'), generic: t('genericError') };

  const load = useCallback(async () => {
    const result = await api.get<{ passkeys: Passkey[] }>('/api/my/passkeys');
    if (result.ok) setPasskeys(result.data.passkeys);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async () => {
    setBusy(true);
    setMessage('');
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/api/my/passkeys/registration/options',
        {},
      );
      if (!options.ok) return setMessage(errorText(options, fallback));
      const response = await startRegistration({ optionsJSON: options.data });
      const verified = await api.post('/api/my/passkeys/registration/verify', {
        response,
        ...(label.trim() ? { label: label.trim() } : {}),
      });
      if (!verified.ok) return setMessage(errorText(verified, fallback, 'label'));
      setLabel('');
      setMessage(t('passkeyAdded'));
      await load();
    } catch {
      setMessage(t('passkeyFailed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkeyId: string) => {
    const result = await api.delete(`/api/my/passkeys/${encodeURIComponent(passkeyId)}`);
    if (!result.ok) return setMessage(errorText(result, fallback));
    await load();
  };

  const signOut = async (everywhere: boolean) => {
    const result = await api.post(everywhere ? '/api/my/sign-out-everywhere' : '/api/my/sign-out');
    if (!result.ok && result.status !== 401) return setMessage(errorText(result, fallback));
    setSession(null);
    go('/');
  };

  return (
    <>
      <PageTitle>{t('accountTitle')}</PageTitle>
      {session?.cardholder.email && <p>{t('signedInAs', { email: session.cardholder.email })}</p>}
      <section className="panel" aria-labelledby="passkeys-title">
        <h2 id="passkeys-title">{t('passkeysTitle')}</h2>
        <p className="muted">{t('passkeysIntro')}</p>
        {passkeys !== null && passkeys.length === 0 && <p>{t('noPasskeys')}</p>}
        {passkeys !== null && passkeys.length > 0 && (
          <ul className="passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.passkeyId}>
                <span>
                  <strong>{passkey.label}</strong>
                  <span className="muted small">
                    {t('passkeyCreated', { date: date(passkey.createdAt, locale) })} ·{' '}
                    {passkey.lastUsedAt
                      ? t('passkeyUsed', { date: date(passkey.lastUsedAt, locale) })
                      : t('passkeyNeverUsed')}
                  </span>
                </span>
                <button type="button" className="secondary" onClick={() => void remove(passkey.passkeyId)}>
                  {t('removePasskey', { label: passkey.label })}
                </button>
              </li>
            ))}
          </ul>
        )}
        {supported ? (
          <>
            <label htmlFor="passkey-label">{t('passkeyLabel')}</label>
            <input
              id="passkey-label"
              value={label}
              maxLength={60}
              onChange={(event) => setLabel(event.target.value)}
            />
            <button type="button" className="primary" onClick={() => void add()} disabled={busy}>
              {t('addPasskey')}
            </button>
          </>
        ) : (
          <p className="muted">{t('passkeyUnsupported')}</p>
        )}
        <p className="message" role="status">
          {message}
        </p>
      </section>
      <section className="panel" aria-labelledby="data-title">
        <h2 id="data-title">{t('myData')}</h2>
        <p className="muted">{t('myDataIntro')}</p>
        <div className="row">
          <a className="button secondary" href="/api/my/export?format=json" download>
            {t('downloadJson')}
          </a>
          <a className="button secondary" href="/api/my/export?format=csv" download>
            {t('downloadCsv')}
          </a>
        </div>
      </section>
      <section className="panel">
        <div className="row">
          <button type="button" className="secondary" onClick={() => void signOut(false)}>
            {t('signOut')}
          </button>
          <button type="button" className="danger-outline" onClick={() => void signOut(true)}>
            {t('signOutEverywhere')}
          </button>
        </div>
      </section>
    </>
  );
}
