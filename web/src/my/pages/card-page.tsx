import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorText, type Movement, type MovementsAnswer, type MyCard, type RulesAnswer } from '../api';
import { useMy, useVisibleInterval } from '../context';
import { date, money } from '../format';
import { CardState, MovementRow, PageTitle } from '../parts';

const PAGE = 20;
const REFRESH_MS = 15_000;

/**
 * One card (issue 35 §2–3): balance, lock switch, report lost or stolen, spend rules, and every
 * movement with an endless "more" (declines with their reason and advice). Refreshed every 15 s
 * while visible: new movements come in at the top.
 */
export default function CardPage({ cardId }: { cardId: string }) {
  const { t, locale, cards, cardsOffline, refreshCards } = useMy();
  const card = cards?.cards.find((entry) => entry.cardId === cardId);
  const [movements, setMovements] = useState<Movement[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const base = `/api/my/cards/${encodeURIComponent(cardId)}`;

  const loadFirst = useCallback(async () => {
    const result = await api.get<MovementsAnswer>(`${base}/movements?limit=${PAGE}`);
    if (!result.ok) return;
    setMovements((previous) => {
      if (!previous) {
        setCursor(result.data.nextCursor);
        return result.data.movements;
      }
      // A refresh adds what is new at the top and keeps the pages already read below.
      const known = new Set(previous.map((movement) => movement.id));
      const fresh = result.data.movements.filter((movement) => !known.has(movement.id));
      return fresh.length ? [...fresh, ...previous] : previous;
    });
  }, [base]);

  useEffect(() => {
    setMovements(null);
    void loadFirst();
  }, [loadFirst]);

  useVisibleInterval(() => {
    void refreshCards();
    void loadFirst();
  }, REFRESH_MS);

  const loadMore = useCallback(async () => {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    const result = await api.get<MovementsAnswer>(
      `${base}/movements?limit=${PAGE}&cursor=${encodeURIComponent(cursor)}`,
    );
    setLoadingMore(false);
    if (!result.ok) return;
    setCursor(result.data.nextCursor);
    setMovements((previous) => [...(previous ?? []), ...result.data.movements]);
  }, [base, cursor, loadingMore]);

  // Endless list: the next page loads when the end of the list comes into view (the button stays for keyboards).
  const sentinel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore]);

  if (cards && !card) return <PageTitle>{t('cardNotFound')}</PageTitle>;
  return (
    <>
      <PageTitle>{card ? card.productName[locale] : t('cardTitle')}</PageTitle>
      {card && (
        <section className="tile tile-card" aria-label={t('available')}>
          <p className="tile-sub">
            <span className="pan">{card.maskedNumber}</span> · {card.companyName} <CardState card={card} />
          </p>
          <p className="balance">
            <span className="balance-label">{t('available')}</span>
            <span className="balance-amount">{money(card.availableCents)}</span>
          </p>
          <ul className="expiries">
            {card.expiries.length === 0 ? (
              <li>{t('noExpiry')}</li>
            ) : (
              card.expiries.map((entry) => (
                <li key={entry.expiresOn}>
                  {t('expires', { amount: money(entry.amountCents), date: date(entry.expiresOn, locale) })}
                </li>
              ))
            )}
          </ul>
        </section>
      )}
      {card && !cardsOffline && <CardControls card={card} />}
      {card && !cardsOffline && <Rules cardId={cardId} />}
      <section aria-labelledby="movements-title">
        <h2 id="movements-title">{t('movementsTitle')}</h2>
        {movements === null ? (
          <div className="mv-skeleton" />
        ) : movements.length === 0 ? (
          <p className="muted">{t('noMovements')}</p>
        ) : (
          <ul className="mv-list">
            {movements.map((movement) => (
              <MovementRow key={movement.id} movement={movement} detailed />
            ))}
          </ul>
        )}
        {cursor && (
          <button
            ref={sentinel}
            type="button"
            className="secondary"
            onClick={() => void loadMore()}
            disabled={loadingMore}
          >
            {loadingMore ? t('loading') : t('more')}
          </button>
        )}
      </section>
    </>
  );
}

function CardControls({ card }: { card: MyCard }) {
  const { t, refreshCards } = useMy();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState<'lost' | 'stolen'>('lost');
  const fallback = { offline: t('networkError'), generic: t('genericError') };
  const base = `/api/my/cards/${encodeURIComponent(card.cardId)}`;
  const live = card.status === 'active';

  const toggleLock = async () => {
    setBusy(true);
    const result = await api.post<{ locked: boolean }>(`${base}/${card.locked ? 'unlock' : 'lock'}`);
    if (result.ok) {
      await refreshCards();
      setMessage(result.data.locked ? t('lockedNow') : t('unlockedNow'));
    } else setMessage(errorText(result, fallback));
    setBusy(false);
  };

  const report = async () => {
    setBusy(true);
    const result = await api.post(`${base}/report-lost`, { reason });
    if (result.ok) {
      await refreshCards();
      setReporting(false);
      setMessage(t('reportedNow'));
    } else setMessage(errorText(result, fallback, 'reason'));
    setBusy(false);
  };

  return (
    <section className="panel" aria-labelledby="controls-title">
      <h2 id="controls-title" className="visually-hidden">
        {t('cardTitle')}
      </h2>
      {live && (
        <div className="switch-row">
          <span id="lock-label" className="switch-label">
            {t('lockLabel')}
          </span>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={card.locked}
            aria-labelledby="lock-label"
            aria-describedby="lock-help"
            disabled={busy}
            onClick={() => void toggleLock()}
          >
            <span className="switch-knob" />
          </button>
        </div>
      )}
      {live && (
        <p id="lock-help" className="muted">
          {t('lockHelp')}
        </p>
      )}
      <p className="message" role="status">
        {message}
      </p>
      {live && !reporting && (
        <button type="button" className="danger-outline" onClick={() => setReporting(true)}>
          {t('reportLost')}
        </button>
      )}
      {live && reporting && (
        <div className="confirm" role="group" aria-labelledby="report-title">
          <h3 id="report-title">{t('reportLost')}</h3>
          <p>{t('reportLostHelp')}</p>
          <fieldset>
            <legend>{t('reasonLegend')}</legend>
            {(['lost', 'stolen'] as const).map((value) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {t(value === 'lost' ? 'reasonLost' : 'reasonStolen')}
              </label>
            ))}
          </fieldset>
          <div className="row">
            <button type="button" className="danger" onClick={() => void report()} disabled={busy}>
              {t('confirmReport')}
            </button>
            <button type="button" className="secondary" onClick={() => setReporting(false)}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function Rules({ cardId }: { cardId: string }) {
  const { t, locale } = useMy();
  const [rules, setRules] = useState<RulesAnswer | null>(null);
  useEffect(() => {
    void api.get<RulesAnswer>(`/api/my/cards/${encodeURIComponent(cardId)}/rules`).then((result) => {
      if (result.ok) setRules(result.data);
    });
  }, [cardId]);
  if (!rules) return null;
  return (
    <section className="panel" aria-labelledby="rules-title">
      <h2 id="rules-title">{t('rulesTitle')}</h2>
      {rules.dailyCapCents !== null && <p>{t('dailyCap', { amount: money(rules.dailyCapCents) })}</p>}
      {rules.rules.length === 0 && rules.dailyCapCents === null && <p className="muted">{t('noRules')}</p>}
      <ul className="rules">
        {rules.rules.map((rule, index) => (
          <li key={index}>
            <strong>{rule.label[locale]}</strong>
            <span>
              {rule.limitCents === null
                ? t('ruleBlocked')
                : rule.period === 'transaction'
                  ? t('ruleLimit', { limit: money(rule.limitCents) })
                  : t('ruleSpent', { spent: money(rule.spentCents), limit: money(rule.limitCents) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
