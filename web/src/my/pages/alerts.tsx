import { useEffect, useState, type FormEvent } from 'react';
import { api, errorText, type AlertSettings } from '../api';
import { useMy } from '../context';
import { parseEuros } from '../format';
import { PageTitle } from '../parts';

/** The alerts a cardholder opts into (issue 35 §5): e-mails per purchase and decline, low balance, expiry. */
export default function Alerts() {
  const { t, locale } = useMy();
  const [settings, setSettings] = useState<AlertSettings | null>(null);
  const [lowBalance, setLowBalance] = useState('');
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState('');
  const fallback = { offline: t('networkError'), generic: t('genericError') };

  useEffect(() => {
    void api.get<{ alerts?: AlertSettings } & Partial<AlertSettings>>('/api/my/alerts').then((result) => {
      if (!result.ok) return setMessage(errorText(result, fallback));
      const loaded = (result.data.alerts ?? result.data) as AlertSettings;
      setSettings(loaded);
      setLowBalance(
        loaded.lowBalanceCents === null
          ? ''
          : (loaded.lowBalanceCents / 100).toFixed(2).replace('.', locale === 'el' ? ',' : '.'),
      );
    });
    // Once: the settings do not change under the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    const cents = lowBalance.trim() === '' ? null : parseEuros(lowBalance);
    if (cents === null && lowBalance.trim() !== '') return setFieldError(t('amountInvalid'));
    setFieldError('');
    const result = await api.put('/api/my/alerts', { ...settings, lowBalanceCents: cents });
    if (result.ok) return setMessage(t('saved'));
    if (result.error?.fields?.some((entry) => entry.field === 'lowBalanceCents')) {
      return setFieldError(errorText(result, fallback, 'lowBalanceCents'));
    }
    setMessage(errorText(result, fallback));
  };

  const toggle = (key: 'purchase' | 'decline' | 'expiryReminders') => (
    <label className="check">
      <input
        type="checkbox"
        checked={settings?.[key] ?? false}
        onChange={(event) => settings && setSettings({ ...settings, [key]: event.target.checked })}
      />
      {t(key === 'purchase' ? 'alertPurchase' : key === 'decline' ? 'alertDecline' : 'alertExpiry')}
    </label>
  );

  return (
    <>
      <PageTitle>{t('alertsTitle')}</PageTitle>
      <form className="panel" onSubmit={(event) => void save(event)} noValidate aria-busy={settings === null}>
        <p>{t('alertsIntro')}</p>
        {toggle('purchase')}
        {toggle('decline')}
        {toggle('expiryReminders')}
        <label htmlFor="alerts-low">{t('alertLowBalance')}</label>
        <input
          id="alerts-low"
          inputMode="decimal"
          value={lowBalance}
          onChange={(event) => setLowBalance(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'alerts-low-help alerts-low-error' : 'alerts-low-help'}
        />
        <p id="alerts-low-help" className="muted small">
          {t('alertLowBalanceHelp')}
        </p>
        {fieldError && (
          <p id="alerts-low-error" className="error">
            {fieldError}
          </p>
        )}
        <label htmlFor="alerts-locale">{t('alertLocale')}</label>
        <select
          id="alerts-locale"
          value={settings?.locale ?? locale}
          onChange={(event) =>
            settings && setSettings({ ...settings, locale: event.target.value === 'en' ? 'en' : 'el' })
          }
        >
          <option value="el">{t('localeEl')}</option>
          <option value="en">{t('localeEn')}</option>
        </select>
        <button type="submit" className="primary" disabled={settings === null}>
          {t('save')}
        </button>
        <p className="message" role="status">
          {message}
        </p>
      </form>
    </>
  );
}
