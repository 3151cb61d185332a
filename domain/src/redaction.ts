/**
 * Redaction of what must never be stored or logged from untrusted text (issue 18 §8; ADR 026): the
 * client log beacon and the bureau's embossing file run their free text through it.
 *
 * - card numbers: any run of 13–19 digits, with single spaces or dashes between groups, Luhn-valid
 *   or not (a typo'd or partial PAN is still a PAN to an auditor);
 * - tokens: JWT-like `xxx.yyy.zzz` (base64url parts), `Bearer …`, long hex or base64 strings
 *   (32 characters or more), and `password=…`, `token=…`, `secret=…`, `code=…` style values.
 */

export const REDACTED_CARD = '[card]';
export const REDACTED_TOKEN = '[token]';

/** Digits with single spaces or dashes between them: a card number as people write it. */
const DIGIT_RUN = /\d(?:[ -]?\d)*/g;
const LONG_DIGITS = /\d{13,}/g;
const JWT = /\b[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const SECRET_PAIR =
  /\b(pass(?:word|wd)?|pwd|token|access_token|refresh_token|id_token|secret|api[_-]?key|code|session|sid|authorization)(["']?\s*[:=]\s*["']?)[^\s"'&;,}]+/gi;
const LONG_HEX = /\b[A-Fa-f0-9]{32,}\b/g;
/** Base64 without slashes (a path is no token): it must mix capitals, small letters and digits. */
const LONG_BASE64 = /[A-Za-z0-9+_-]{32,}={0,2}/g;

/**
 * Runs of 13 digits or more, separators aside. A dashed run glued to letters is the inside of a
 * UUID or a hex id (`…c936-4458-8916-46f1…`), kept; 13 digits in a row are always a card number.
 */
function redactCardRuns(text: string): string {
  return text.replace(DIGIT_RUN, (run: string, offset: number) => {
    const digits = run.replace(/[ -]/g, '').length;
    if (digits < 13) return run;
    const dashedOnly = run.includes('-') && !run.includes(' ');
    const before = text.slice(Math.max(0, offset - 2), offset);
    const after = text.slice(offset + run.length, offset + run.length + 2);
    if (dashedOnly && (/[A-Za-z]-?$/.test(before) || /^-?[A-Za-z]/.test(after))) return run;
    return REDACTED_CARD;
  });
}

/** The text with anything that looks like a card number or a credential replaced by a marker. */
export function redactSecrets(text: string): string {
  const withoutTokens = text
    .replace(BEARER, (_whole, scheme: string) => `${scheme} ${REDACTED_TOKEN}`)
    .replace(SECRET_PAIR, (_whole, name: string, separator: string) => `${name}${separator}${REDACTED_TOKEN}`)
    .replace(JWT, REDACTED_TOKEN)
    .replace(LONG_HEX, REDACTED_TOKEN)
    .replace(LONG_BASE64, (match) =>
      /[A-Z]/.test(match) && /[a-z]/.test(match) && /\d/.test(match) ? REDACTED_TOKEN : match,
    );
  // Last, so no card number survives whatever the earlier passes left: 13 digits in a row never do.
  return redactCardRuns(withoutTokens).replace(LONG_DIGITS, REDACTED_CARD);
}
