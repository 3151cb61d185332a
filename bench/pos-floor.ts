import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { serveFloor } from './floor-process';

/**
 * The floor of `bench/pos.ts`, run as its own process: a bare Fastify server (no logging, no
 * plugins, no validation) whose one route does the least SQL a purchase needs on the same database
 * with the same pool size as the server — BEGIN; lock the card's account row (found by the card
 * token, as the terminal names it); insert the ledger transaction; insert its two entries (card
 * debited, merchant credited; the ledger's triggers keep both balances); COMMIT. No terminal, no
 * idempotency, no rules, no record of the call.
 *
 * Environment: DATABASE_URL, DB_POOL_SIZE, MERCHANT_ACCOUNT_ID; it listens on a free port and
 * prints `listening <port>`.
 */
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
});
const merchantAccountId = process.env.MERCHANT_ACCOUNT_ID!;

const app = Fastify({ logger: false });
app.post('/authorise', async (request) => {
  const body = request.body as { terminalTransactionId: string; cardToken: string; amountCents: number };
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string; company_id: string; balance_cents: number }>(
      `select a.id, c.company_id, a.balance_cents::int as balance_cents
         from cards c join ledger_accounts a on a.id = c.account_id
        where c.token = $1 for update of a`,
      [body.cardToken],
    );
    const card = rows[0];
    if (!card || card.balance_cents < body.amountCents) {
      await client.query('rollback');
      return { outcome: 'declined', terminalTransactionId: body.terminalTransactionId, reason: 'floor' };
    }
    const reference = `FLOOR-${randomUUID()}`;
    const inserted = await client.query<{ id: string }>(
      `insert into ledger_transactions (kind, company_id, reference, description)
       values ('redemption', $1, $2, 'floor') returning id`,
      [card.company_id, reference],
    );
    await client.query(
      `insert into ledger_entries (transaction_id, account_id, amount_cents) values ($1, $2, $3), ($1, $4, $5)`,
      [inserted.rows[0]!.id, card.id, -body.amountCents, merchantAccountId, body.amountCents],
    );
    await client.query('commit');
    return {
      outcome: 'approved',
      terminalTransactionId: body.terminalTransactionId,
      authorisationId: reference,
      amountCents: body.amountCents,
      balanceCents: card.balance_cents - body.amountCents,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
});

await serveFloor(app, pool);
