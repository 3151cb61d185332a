import { useEffect } from 'react';
import type { Movement, MyCard } from './api';
import { useMy } from './context';
import { dateTime, signedMoney, money } from './format';
import type { MessageKey } from './i18n';

const KIND: Record<Movement['kind'], MessageKey> = {
  load: 'kindLoad',
  purchase: 'kindPurchase',
  refund: 'kindRefund',
  reversal: 'kindReversal',
  decline: 'kindDecline',
  expiry: 'kindExpiry',
};

const STATUS: Record<string, MessageKey> = {
  active: 'statusActive',
  blocked: 'statusBlocked',
  expired: 'statusExpired',
  lost: 'statusLost',
  damaged: 'statusDamaged',
  replaced: 'statusReplaced',
};

/** The card's state in words: locked, blocked, leaver… (nothing for a plain active card). */
export function CardState({ card }: { card: MyCard }) {
  const { t } = useMy();
  const tags: string[] = [];
  if (card.status !== 'active') tags.push(STATUS[card.status] ? t(STATUS[card.status]!) : card.status);
  if (card.locked && card.status === 'active') tags.push(t('locked'));
  if (card.leaver) tags.push(t('leaver'));
  return (
    <span className="tags">
      {tags.map((tag) => (
        <span key={tag} className={`tag${card.status !== 'active' ? ' tag-bad' : ''}`}>
          {tag}
        </span>
      ))}
    </span>
  );
}

/** One movement: what, where, when, how much; a decline with its reason and what to do. */
export function MovementRow({ movement, detailed }: { movement: Movement; detailed?: boolean }) {
  const { t, locale } = useMy();
  const where = [movement.merchantName, movement.storeName].filter(Boolean).join(' · ');
  const declined = movement.kind === 'decline';
  return (
    <li className={`mv${declined ? ' mv-declined' : ''}`}>
      <span className="mv-main">
        <span className="mv-what">{where || t(KIND[movement.kind])}</span>
        <span className={`mv-amount${movement.amountCents > 0 && !declined ? ' plus' : ''}`}>
          {declined ? money(Math.abs(movement.amountCents)) : signedMoney(movement.amountCents)}
        </span>
      </span>
      <span className="mv-sub">
        {where ? `${t(KIND[movement.kind])} · ` : ''}
        <time dateTime={movement.at}>{dateTime(movement.at, locale)}</time>
      </span>
      {declined && movement.declineText && (
        <span className="mv-reason">{t('declined', { reason: movement.declineText[locale] })}</span>
      )}
      {declined && detailed && movement.advice && (
        <span className="mv-advice">{t('whatToDo', { advice: movement.advice[locale] })}</span>
      )}
    </li>
  );
}

/** The heading of a page, focused when the page changes. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Tessera`;
  }, [children]);
  return (
    <h1
      tabIndex={-1}
      ref={(node) => {
        // After a click on a link or button (not on the first load), the new page's heading takes focus.
        if (node && document.activeElement?.closest('a, button')) node.focus({ preventScroll: true });
      }}
    >
      {children}
    </h1>
  );
}
