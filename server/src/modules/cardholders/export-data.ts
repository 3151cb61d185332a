import { desc, eq, sql } from 'drizzle-orm';
import type { CardholderCard, CardholderMovement } from '@tessera/domain';
import type { CardholdersContext } from './context';
import { cardView } from './own-cards';
import { findMovements, findOwnCards } from './repository';
import { cardholderAccounts, cardholderEvents } from './schema';
import { listPasskeys } from './passkeys';
import { movementKindOf } from '@tessera/domain';

/** The most movements per card a download carries (years of a meal card's daily use). */
const MOVEMENTS_PER_CARD = 5_000;

export type CardholderExport = {
  exportedAt: string;
  cardholder: { email: string; displayName: string; locale: string; activatedAt: string | null };
  cards: (CardholderCard & { movements: Omit<CardholderMovement, 'declineText' | 'advice'>[] })[];
  alerts: Record<string, unknown> | null;
  signInHistory: {
    at: string;
    kind: string;
    cardId: string | null;
    reason: string | null;
    ip: string | null;
  }[];
  passkeys: { label: string; createdAt: string; lastUsedAt: string | null }[];
};

/**
 * `GET /api/my/export` (issue 35 §7, GDPR art. 15 and 20): everything the portal keeps of the
 * cardholder as such: their cards and movements, alert settings, sign-in and lock history and their
 * passkeys' labels and dates (never a key).
 */
export async function exportCardholderData(
  ctx: CardholdersContext,
  email: string,
): Promise<CardholderExport> {
  const [account] = await ctx.db.select().from(cardholderAccounts).where(eq(cardholderAccounts.email, email));
  const cards = await findOwnCards(ctx.db, email);
  const withMovements = [];
  for (const card of cards) {
    const rows = await findMovements(ctx.db, card, MOVEMENTS_PER_CARD, null);
    withMovements.push({
      ...cardView(card),
      movements: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        kind: row.kind === 'decline' ? ('decline' as const) : movementKindOf(row.kind, row.amountCents),
        amountCents: row.amountCents,
        merchantName: row.merchantName,
        storeName: row.storeName,
        declineReason: row.declineReason,
      })),
    });
  }
  // The alerts module's settings (issue 35 §5), when that table exists in this database.
  const alerts = await ctx.db.execute<Record<string, unknown>>(sql`
    select to_regclass('public.cardholder_alert_settings') is not null as present`);
  let alertSettings: Record<string, unknown> | null = null;
  if (alerts.rows[0]?.present === true) {
    const found = await ctx.db.execute<Record<string, unknown>>(
      sql`select purchase, decline, low_balance_cents as "lowBalanceCents", expiry_reminders as "expiryReminders", locale from cardholder_alert_settings where email = ${email}`,
    );
    alertSettings = found.rows[0] ?? null;
  }
  const events = await ctx.db
    .select()
    .from(cardholderEvents)
    .where(eq(cardholderEvents.email, email))
    .orderBy(desc(cardholderEvents.at));
  const passkeys = await listPasskeys(ctx, email);
  return {
    exportedAt: ctx.now().toISOString(),
    cardholder: {
      email,
      displayName: account?.displayName ?? '',
      locale: account?.locale ?? 'el',
      activatedAt: account?.activatedAt?.toISOString() ?? null,
    },
    cards: withMovements,
    alerts: alertSettings,
    signInHistory: events.map((event) => ({
      at: event.at.toISOString(),
      kind: event.kind,
      cardId: event.cardId,
      reason: event.reason,
      ip: event.ip,
    })),
    passkeys: passkeys.map(({ label, createdAt, lastUsedAt }) => ({ label, createdAt, lastUsedAt })),
  };
}

/** A CSV cell: quoted, and a leading =, +, - or @ neutralised (ARCHITECTURE §7: exports and formulas). */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The same data as one CSV table: a `section` column says what each row is. */
export function exportAsCsv(data: CardholderExport): string {
  const header = ['section', 'at', 'card', 'kind', 'amountCents', 'merchant', 'store', 'detail'];
  const rows: unknown[][] = [
    [
      'cardholder',
      data.exportedAt,
      '',
      '',
      '',
      '',
      '',
      `${data.cardholder.email} ${data.cardholder.displayName}`,
    ],
  ];
  for (const card of data.cards) {
    rows.push([
      'card',
      '',
      card.maskedNumber,
      card.status,
      card.availableCents,
      card.companyName,
      '',
      `${card.productName.en}; ${card.cardName}; locked ${card.locked}`,
    ]);
    for (const movement of card.movements) {
      rows.push([
        'movement',
        movement.at,
        card.maskedNumber,
        movement.kind,
        movement.amountCents,
        movement.merchantName,
        movement.storeName,
        movement.declineReason,
      ]);
    }
  }
  if (data.alerts) rows.push(['alerts', '', '', '', '', '', '', JSON.stringify(data.alerts)]);
  for (const event of data.signInHistory) {
    rows.push(['history', event.at, event.cardId, event.kind, '', '', '', event.reason]);
  }
  for (const passkey of data.passkeys) {
    rows.push(['passkey', passkey.createdAt, '', passkey.label, '', '', '', passkey.lastUsedAt]);
  }
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
