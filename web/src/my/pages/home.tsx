import { useCallback, useEffect, useState } from 'react';
import { api, type MovementsAnswer, type MyCard, type Movement } from '../api';
import { useMy, useVisibleInterval } from '../context';
import { date, money, dateTime } from '../format';
import { CardState, MovementRow, PageTitle } from '../parts';

/** How many movements each card shows on the home page (their space is reserved). */
export const HOME_MOVEMENTS = 3;
const REFRESH_MS = 15_000;

/**
 * The home page: each card with its product, masked number, balance, next expiry, state and latest
 * movements, refreshed every 15 s while the page is visible. Every block has its height before its
 * data arrives (the static shell in my.html draws the same skeleton), so nothing moves.
 */
export function Home() {
  const { t, locale, cards, cardsOffline, refreshCards } = useMy();
  const [movements, setMovements] = useState<Record<string, Movement[]>>({});

  const loadMovements = useCallback(async (list: MyCard[]) => {
    const answers = await Promise.all(
      list.map((card) =>
        api.get<MovementsAnswer>(
          `/api/my/cards/${encodeURIComponent(card.cardId)}/movements?limit=${HOME_MOVEMENTS}`,
        ),
      ),
    );
    setMovements((previous) => {
      const next = { ...previous };
      answers.forEach((answer, index) => {
        if (answer.ok) next[list[index]!.cardId] = answer.data.movements;
      });
      return next;
    });
  }, []);

  const cardIds = cards?.cards.map((card) => card.cardId).join(',');
  useEffect(() => {
    if (cards && !cardsOffline) void loadMovements(cards.cards);
    // Only when the set of cards changes; the timer below refreshes the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cardIds, cardsOffline, loadMovements]);

  useVisibleInterval(() => {
    void refreshCards().then(() => undefined);
    if (cards) void loadMovements(cards.cards);
  }, REFRESH_MS);

  if (!cards) return <HomeSkeleton />;
  return (
    <>
      <PageTitle>{t('homeTitle')}</PageTitle>
      <p className="status" role="status">
        {cardsOffline
          ? t('asOf', { time: dateTime(cards.readAt, locale) })
          : t('updatedAt', { time: dateTime(cards.readAt, locale) })}
      </p>
      {cards.cards.length === 0 && <p>{t('noCards')}</p>}
      {cards.cards.map((card) => (
        <CardTile key={card.cardId} card={card} movements={movements[card.cardId]} />
      ))}
    </>
  );
}

function CardTile({ card, movements }: { card: MyCard; movements: Movement[] | undefined }) {
  const { t, locale, href } = useMy();
  const next = card.expiries[0];
  return (
    <section className="tile" aria-labelledby={`card-${card.cardId}`}>
      <div className="tile-head">
        <h2 id={`card-${card.cardId}`}>{card.productName[locale]}</h2>
        <CardState card={card} />
      </div>
      <p className="tile-sub">
        <span className="visually-hidden">{t('cardNumber')} </span>
        <span className="pan">{card.maskedNumber}</span> · {card.companyName}
      </p>
      <p className="balance">
        <span className="balance-label">{t('available')}</span>
        <span className="balance-amount">{money(card.availableCents)}</span>
      </p>
      <p className="expiry">
        {next
          ? t('expires', { amount: money(next.amountCents), date: date(next.expiresOn, locale) })
          : t('noExpiry')}
      </p>
      <h3 className="mv-title">{t('lastMovements')}</h3>
      <ul className="mv-list mv-home">
        {movements === undefined ? null : movements.length === 0 ? (
          <li className="muted">{t('noMovements')}</li>
        ) : (
          movements
            .slice(0, HOME_MOVEMENTS)
            .map((movement) => <MovementRow key={movement.id} movement={movement} />)
        )}
      </ul>
      <a className="tile-link" href={href(`/cards/${encodeURIComponent(card.cardId)}`)}>
        {t('allMovements')} <span aria-hidden="true">›</span>
      </a>
    </section>
  );
}

/** The home page before its data: the same blocks as my.html's static shell, at the same heights. */
export function HomeSkeleton() {
  const { t } = useMy();
  return (
    <>
      <h1>{t('homeTitle')}</h1>
      <p className="status">{'\u00a0'}</p>
      <div className="tile skeleton">
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    </>
  );
}
