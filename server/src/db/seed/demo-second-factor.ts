import { Secret, TOTP } from 'otpauth';

/**
 * The published second factor of the demo's provider staff (issue 21, ADR 031), like the published
 * demo password: add it to an authenticator app (the start banner prints it) or compute its codes.
 * Only this module and `otpauth` are imported, so benches and e2e specs use it without the server.
 * The demo seed is off in production.
 */
export const DEMO_TOTP_SECRET = 'KRSXG43FOJQS2RDFNVXS2MRQGI3A';

/** The TOTP parameters of the portal (RFC 6238 defaults every authenticator app knows). */
export const TOTP_PARAMETERS = { issuer: 'Tessera', algorithm: 'SHA1', digits: 6, period: 30 } as const;

function demoTotp(label = 'demo'): TOTP {
  return new TOTP({ ...TOTP_PARAMETERS, label, secret: Secret.fromBase32(DEMO_TOTP_SECRET) });
}

/** The demo code of the 30-second step at `at` plus `stepOffset` steps. */
export function demoTotpCode(at: number = Date.now(), stepOffset = 0): string {
  return demoTotp().generate({ timestamp: at + stepOffset * TOTP_PARAMETERS.period * 1000 });
}

/** The `otpauth://` URL of the demo secret for `email` (what the QR code of an enrolment holds). */
export function demoOtpauthUrl(email: string): string {
  return demoTotp(email).toString();
}
