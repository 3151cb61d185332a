import type { Db } from '../../platform/db';
import { verifyPassword } from '../identity';
import type { MerchantsService } from '../merchants';
import type { TerminalTokens } from './tokens';

export type TokenOutcome =
  { ok: true; accessToken: string; expiresIn: number } | { ok: false; error: 'invalid_client' };

/**
 * The client-credentials grant (RFC 6749 §4.4): a terminal's client id and secret (checked against
 * its argon2id hash; an unknown client costs the same time) buy a short-lived access token naming
 * the terminal, its merchant and its MID. A suspended terminal still gets a token: its purchases are
 * declined `midNotEnrolled`, which is what the cashier must see.
 */
export async function issueToken(
  deps: { db: Db; merchants: MerchantsService; tokens: TerminalTokens },
  clientId: string,
  clientSecret: string,
): Promise<TokenOutcome> {
  const terminal = await deps.merchants.terminalByClientId(clientId);
  const valid = await verifyPassword(terminal?.secretHash, clientSecret);
  if (!terminal || !valid) return { ok: false, error: 'invalid_client' };
  const accessToken = await deps.tokens.issue({
    terminalId: terminal.id,
    merchantId: terminal.merchantId,
    mid: terminal.mid,
  });
  return { ok: true, accessToken, expiresIn: deps.tokens.lifetimeSeconds };
}
