import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The bank's card-payment gateway (SPEC §7 "a bank card-payment redirect"; ADR 010). The portal
 * sends the browser to the bank's hosted payment page; the bank sends it back with a signed result
 * and, separately, calls the portal server to server with a signed notice. A real bank's adapter
 * implements this interface; the one implementation here is the sandbox bank mounted under
 * `/sandbox/bank`.
 */
export type PaymentResult = 'approved' | 'declined' | 'cancelled';

export type GatewaySession = {
  paymentId: string;
  amountCents: number;
  /** What the hosted page shows, e.g. `Tessera order #1042`. */
  description: string;
  /** Where the bank returns the browser (the portal's result page, in the user's language). */
  returnUrl: string;
  /** Where it returns the browser after a decline or a cancellation, when not to `returnUrl`. */
  failureUrl?: string;
};

/** What the bank's server-to-server notice carries. */
export type GatewayNotice = {
  eventId: string;
  paymentId: string;
  result: PaymentResult;
  bankReference: string;
  amountCents: number;
};

/** What the bank appends to the return address. */
export type GatewayReturn = {
  paymentId: string;
  result: PaymentResult;
  bankReference: string;
  signature: string;
};

/**
 * Card payments of another module through the same gateway (a merchant paying its fees, issue 16).
 * The bank has one notice address per account: a notice for a payment id the orders do not know is
 * handed to the handler that owns it, after the signature was checked.
 */
export type CardPaymentHandler = {
  owns(paymentId: string): Promise<boolean>;
  /** Applies the result exactly once by `id` (`callback:<event id>`); answers the payment's state. */
  applyNotice(notice: GatewayNotice & { id: string; payload: unknown }): Promise<{ outcome: string }>;
};

export interface PaymentGateway {
  /** Opens a payment at the bank; answers the hosted page to send the browser to. */
  createSession(session: GatewaySession): Promise<{ redirectUrl: string }>;
  /** Whether the browser's return parameters were signed by the bank. */
  verifyReturn(params: GatewayReturn): boolean;
  /** Whether a server-to-server notice was signed by the bank. */
  verifyNotice(notice: GatewayNotice, signature: string): boolean;
}

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(a) || !/^[0-9a-f]{64}$/.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** The text a return is signed over (the bank and the portal build it alike). */
export function returnSigningText(params: Omit<GatewayReturn, 'signature'>): string {
  return `return|${params.paymentId}|${params.result}|${params.bankReference}`;
}

/** The text a notice is signed over. */
export function noticeSigningText(notice: GatewayNotice): string {
  return `notice|${notice.eventId}|${notice.paymentId}|${notice.result}|${notice.bankReference}|${notice.amountCents}`;
}

/** A signed value the sandbox's hosted page carries in its address (base64url JSON + HMAC). */
export function sealSession(secret: string, session: GatewaySession): string {
  const body = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${body}.${hmac(secret, `session|${body}`)}`;
}

export function openSession(secret: string, token: string): GatewaySession | null {
  const [body, signature] = token.split('.');
  if (!body || !signature || !sameHex(signature, hmac(secret, `session|${body}`))) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as GatewaySession;
  } catch {
    return null;
  }
}

export function signReturn(secret: string, params: Omit<GatewayReturn, 'signature'>): GatewayReturn {
  return { ...params, signature: hmac(secret, returnSigningText(params)) };
}

export function signNotice(secret: string, notice: GatewayNotice): string {
  return hmac(secret, noticeSigningText(notice));
}

/** The sandbox bank's side of the interface: its hosted page lives at `${publicUrl}/sandbox/bank`. */
export function createSandboxGateway(options: { publicUrl: string; secret: string }): PaymentGateway {
  return {
    async createSession(session) {
      const token = sealSession(options.secret, session);
      return { redirectUrl: `${options.publicUrl}/sandbox/bank/pay?session=${encodeURIComponent(token)}` };
    },
    verifyReturn(params) {
      return sameHex(params.signature, hmac(options.secret, returnSigningText(params)));
    },
    verifyNotice(notice, signature) {
      return sameHex(signature, signNotice(options.secret, notice));
    },
  };
}
