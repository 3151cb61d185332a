import { randomBytes, randomUUID } from 'node:crypto';
import { formatAmount } from '@tessera/domain';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { PROVIDER_LEGAL_NAME } from '../../platform/config';
import { openSession, signNotice, signReturn, type GatewayNotice, type PaymentResult } from './gateway';

/**
 * The sandbox bank (ADR 010): the one stand-in the portal allows, behind the same `PaymentGateway`
 * interface a real bank's adapter implements. Its hosted page shows the amount and three buttons
 * (approve, decline, cancel); the decision sends the bank's signed server-to-server notice to the
 * portal's callback, then returns the browser to the portal's result page with a signed result.
 * It lives in the portal's process, so it delivers its notice through Fastify's `inject` — a real
 * bank posts the same body to the same route over the network.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="el"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f6;margin:0;color:#1b2430}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 4px}.muted{color:#5b6675;font-size:14px}
.amount{font-size:32px;font-weight:700;margin:20px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}dt{color:#5b6675}
button{display:block;width:100%;padding:12px;margin-top:10px;border-radius:8px;border:1px solid #c5ccd6;font-size:16px;cursor:pointer;background:#fff}
button.approve{background:#0b6b3a;color:#fff;border-color:#0b6b3a}
.sandbox{background:#fff4d6;border:1px solid #e5c56b;border-radius:8px;padding:8px 12px;font-size:13px;margin-bottom:16px}
</style></head><body><main>${body}</main></body></html>`;
}

export function sandboxBankRoutes(options: { secret: string; root: FastifyInstance }): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { session?: string } }>('/pay', async (request, reply) => {
      const session = openSession(options.secret, request.query.session ?? '');
      if (!session) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(page('Sandbox bank', '<h1>Μη έγκυρη συναλλαγή / Invalid transaction</h1>'));
      }
      const token = escape(request.query.session!);
      const body = `
<p class="sandbox" role="note">Δοκιμαστική τράπεζα — καμία πραγματική χρέωση. / Sandbox bank — no real charge.</p>
<h1>Ασφαλής πληρωμή με κάρτα / Secure card payment</h1>
<p class="muted">Sandbox Bank S.A.</p>
<p class="amount" aria-label="Ποσό / Amount">${escape(formatAmount(session.amountCents))}</p>
<dl><dt>Έμπορος / Merchant</dt><dd>${escape(PROVIDER_LEGAL_NAME)}</dd>
<dt>Περιγραφή / Description</dt><dd>${escape(session.description)}</dd>
<dt>Κάρτα / Card</dt><dd>VISA •••• 4242</dd></dl>
<form method="post" action="/sandbox/bank/pay">
<input type="hidden" name="session" value="${token}">
<button class="approve" name="decision" value="approved" type="submit">Έγκριση πληρωμής / Approve payment</button>
<button name="decision" value="declined" type="submit">Απόρριψη από την τράπεζα / Decline</button>
<button name="decision" value="cancelled" type="submit">Ακύρωση / Cancel</button>
</form>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page('Sandbox Bank — πληρωμή / payment', body));
    });

    app.post<{ Body: { session?: string; decision?: string } }>('/pay', async (request, reply) => {
      const session = openSession(options.secret, request.body?.session ?? '');
      const decision = request.body?.decision;
      if (!session || (decision !== 'approved' && decision !== 'declined' && decision !== 'cancelled')) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(page('Sandbox bank', '<h1>Invalid request</h1>'));
      }
      const result: PaymentResult = decision;
      const bankReference = `SBX${randomBytes(6).toString('hex').toUpperCase()}`;
      const notice: GatewayNotice = {
        eventId: randomUUID(),
        paymentId: session.paymentId,
        result,
        bankReference,
        amountCents: session.amountCents,
      };
      await deliverNotice(options.root, options.secret, notice);
      const back = signReturn(options.secret, { paymentId: session.paymentId, result, bankReference });
      // A path returns to the host the browser used (no fixed PUBLIC_URL; issue 13 §1).
      const backTo = result !== 'approved' && session.failureUrl ? session.failureUrl : session.returnUrl;
      const url = new URL(backTo, `${request.protocol}://${request.host}`);
      for (const [key, value] of Object.entries(back)) url.searchParams.set(key, value);
      return reply.redirect(url.toString(), 303);
    });
  };
}

/**
 * The bank's server-to-server notice. A failed delivery is not fatal: the browser's signed return
 * records the same result, and whichever arrives first decides.
 */
async function deliverNotice(app: FastifyInstance, secret: string, notice: GatewayNotice): Promise<void> {
  try {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/payments/callback',
      headers: { 'content-type': 'application/json', 'x-bank-signature': signNotice(secret, notice) },
      payload: notice,
    });
    if (response.statusCode !== 200) {
      app.log.warn(
        { status: response.statusCode, paymentId: notice.paymentId },
        'sandbox bank notice refused',
      );
    }
  } catch (error) {
    app.log.warn({ err: error, paymentId: notice.paymentId }, 'sandbox bank notice failed');
  }
}
