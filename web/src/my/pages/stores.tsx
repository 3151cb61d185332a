import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { api, errorText, type StoresAnswer } from '../api';
import { useMy } from '../context';
import { distance } from '../format';
import type { MessageKey } from '../i18n';
import { savedStores, saveStores } from '../offline';
import { PageTitle } from '../parts';

const CATEGORIES: [string, MessageKey][] = [
  ['groceries', 'catGroceries'],
  ['restaurants', 'catRestaurants'],
  ['fuel', 'catFuel'],
  ['transport', 'catTransport'],
  ['travel', 'catTravel'],
  ['accommodation', 'catAccommodation'],
  ['office', 'catOffice'],
  ['electronics', 'catElectronics'],
  ['online', 'catOnline'],
  ['entertainment', 'catEntertainment'],
];
const CATEGORY = Object.fromEntries(CATEGORIES) as Record<string, MessageKey>;

/** `117 42`: the way Greek postal codes are written. */
const postalCode = (code: string) => (/^\d{5}$/.test(code) ? `${code.slice(0, 3)} ${code.slice(3)}` : code);

type Search = {
  cardId: string;
  q: string;
  area: string;
  postcode: string;
  category: string;
  channel: string;
};

/**
 * Where to spend a card (issue 35 §4): stores that accept its product, by name, area or postcode,
 * category and channel, and near the cardholder when they press "near me" (the browser's location,
 * asked for only then, sent for this search only). The last search's results are kept for offline.
 */
export default function Stores() {
  const { t, locale, cards } = useMy();
  const live = useMemo(() => cards?.cards ?? [], [cards]);
  const saved = savedStores();
  const [search, setSearch] = useState<Search>(() => ({
    cardId: saved?.search.cardId ?? live[0]?.cardId ?? '',
    q: saved?.search.q ?? '',
    area: saved?.search.area ?? '',
    postcode: saved?.search.postcode ?? '',
    category: saved?.search.category ?? '',
    channel: saved?.search.channel ?? '',
  }));
  const [answer, setAnswer] = useState<StoresAnswer | null>(saved?.answer ?? null);
  const [fromPhone, setFromPhone] = useState(saved !== null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const fallback = { offline: t('networkError'), generic: t('genericError') };

  useEffect(() => {
    if (!search.cardId && live[0]) setSearch((previous) => ({ ...previous, cardId: live[0]!.cardId }));
  }, [live, search.cardId]);

  const run = async (page = 1, near?: { lat: number; lng: number }) => {
    if (!search.cardId) return;
    const params = new URLSearchParams({ cardId: search.cardId, page: String(page) });
    for (const key of ['q', 'area', 'postcode', 'category', 'channel'] as const) {
      if (search[key].trim()) params.set(key, search[key].trim());
    }
    if (near) {
      params.set('lat', near.lat.toFixed(5));
      params.set('lng', near.lng.toFixed(5));
    }
    setBusy(true);
    const result = await api.get<StoresAnswer>(`/api/my/stores?${params.toString()}`);
    setBusy(false);
    if (!result.ok) {
      setMessage(errorText(result, fallback, result.error?.fields?.[0]?.field));
      const kept = savedStores();
      if (result.offline && kept) {
        setAnswer(kept.answer);
        setFromPhone(true);
      }
      return;
    }
    setMessage('');
    setAnswer(result.data);
    setFromPhone(false);
    saveStores({ search, answer: result.data });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(1);
  };

  const nearMe = () => {
    if (!('geolocation' in navigator)) return setMessage(t('locationDenied'));
    setMessage(t('locating'));
    navigator.geolocation.getCurrentPosition(
      (position) => void run(1, { lat: position.coords.latitude, lng: position.coords.longitude }),
      () => setMessage(t('locationDenied')),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const field = (key: keyof Search) => ({
    id: `stores-${key}`,
    value: search[key],
    onChange: (event: { target: { value: string } }) =>
      setSearch((previous) => ({ ...previous, [key]: event.target.value })),
  });

  const pages = answer ? Math.max(1, Math.ceil(answer.total / Math.max(1, answer.pageSize))) : 1;
  return (
    <>
      <PageTitle>{t('storesTitle')}</PageTitle>
      <form className="panel search" onSubmit={submit}>
        {live.length > 1 && (
          <>
            <label htmlFor="stores-cardId">{t('storesCard')}</label>
            <select {...field('cardId')}>
              {live.map((card) => (
                <option key={card.cardId} value={card.cardId}>
                  {card.productName[locale]} · {card.maskedNumber.slice(-4)}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor="stores-q">{t('storesQuery')}</label>
        <input type="search" {...field('q')} />
        <div className="two">
          <span>
            <label htmlFor="stores-area">{t('storesArea')}</label>
            <input {...field('area')} autoComplete="address-level2" />
          </span>
          <span>
            <label htmlFor="stores-postcode">{t('storesPostcode')}</label>
            <input {...field('postcode')} inputMode="numeric" autoComplete="postal-code" maxLength={6} />
          </span>
        </div>
        <div className="two">
          <span>
            <label htmlFor="stores-category">{t('storesCategory')}</label>
            <select {...field('category')}>
              <option value="">{t('anyCategory')}</option>
              {CATEGORIES.map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </select>
          </span>
          <span>
            <label htmlFor="stores-channel">{t('storesChannel')}</label>
            <select {...field('channel')}>
              <option value="">{t('anyChannel')}</option>
              <option value="in-store">{t('channelInStore')}</option>
              <option value="online">{t('channelOnline')}</option>
            </select>
          </span>
        </div>
        <div className="row">
          <button type="submit" className="primary" disabled={busy || !search.cardId}>
            {t('search')}
          </button>
          <button type="button" className="secondary" onClick={nearMe} disabled={busy || !search.cardId}>
            {t('nearMe')}
          </button>
        </div>
        <p className="muted small">{t('nearMeHelp')}</p>
      </form>
      <p className="message" role="status">
        {message}
      </p>
      {answer && (
        <section aria-labelledby="stores-found">
          <h2 id="stores-found">
            {answer.total === 0 ? t('noStores') : t('storesFound', { count: answer.total })}
          </h2>
          {fromPhone && <p className="muted">{t('storesSavedOffline')}</p>}
          <ul className="stores">
            {answer.stores.map((store) => (
              <li key={store.storeId} className="store">
                <span className="store-head">
                  <strong>{store.storeName || store.merchantName}</strong>
                  {store.distanceMeters !== null && (
                    <span className="store-distance">
                      {t('distance', { distance: distance(store.distanceMeters, locale) })}
                    </span>
                  )}
                </span>
                {store.storeName && store.storeName !== store.merchantName && (
                  <span>{store.merchantName}</span>
                )}
                <span>
                  {[store.address, store.area].filter(Boolean).join(', ')} · {postalCode(store.postalCode)}{' '}
                  {store.city}
                </span>
                <span className="muted">
                  {CATEGORY[store.category] ? t(CATEGORY[store.category]!) : store.category}
                  {store.channels.length > 0 &&
                    ` · ${store.channels
                      .map((channel) => t(channel === 'in_store' ? 'channelInStore' : 'channelOnline'))
                      .filter((x, i, all) => all.indexOf(x) === i)
                      .join(', ')}`}
                </span>
                {store.openingHours && (
                  <span className="muted">{t('openingHours', { hours: store.openingHours })}</span>
                )}
              </li>
            ))}
          </ul>
          {pages > 1 && !fromPhone && (
            <div className="row">
              {answer.page > 1 && (
                <button type="button" className="secondary" onClick={() => void run(answer.page - 1)}>
                  {t('previousPage')}
                </button>
              )}
              {answer.page < pages && (
                <button type="button" className="secondary" onClick={() => void run(answer.page + 1)}>
                  {t('nextPage')}
                </button>
              )}
            </div>
          )}
        </section>
      )}
    </>
  );
}
