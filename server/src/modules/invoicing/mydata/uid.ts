import { createHash } from 'node:crypto';

/**
 * A document's identity at AADE. myDATA computes each document's `uid` itself: the SHA-1 of the
 * issuer's ΑΦΜ, the issue date, the issuer's branch, the document type, the series and the number
 * (and the variation type, which the provider never uses), joined by `-`, in ISO-8859-7, as
 * upper-case hex (AADE's API documentation, `AadeBookInvoiceType.uid`; firebed/aade-mydata's
 * `GenerateUid`). The portal computes the same value before sending, so that after a lost answer it
 * can find the document among what AADE holds (`RequestTransmittedDocs`) instead of sending it again.
 */
export type UidFields = {
  issuerVat: string;
  /** `YYYY-MM-DD`. */
  issueDate: string;
  branch: number;
  invoiceType: string;
  series: string;
  aa: string | number;
};

/**
 * ISO-8859-7 bytes of `text`: ASCII as is, the Greek letters and tonos marks (U+0384–U+03CE, less
 * the four code points the charset leaves out) moved to 0xB4–0xFE. Anything else has no byte of a
 * series or number here.
 */
export function iso88597(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x0384 && code <= 0x03ce && ![0x0387, 0x038b, 0x038d, 0x03a2].includes(code)) {
      bytes.push(code - 0x02d0);
    } else throw new RangeError(`"${char}" has no ISO-8859-7 byte`);
  }
  return Buffer.from(bytes);
}

function sha1Upper(text: string): string {
  return createHash('sha1').update(iso88597(text)).digest('hex').toUpperCase();
}

/** The `uid` AADE gives a document with these fields. */
export function mydataUid(fields: UidFields): string {
  return sha1Upper(
    [fields.issuerVat, fields.issueDate, fields.branch, fields.invoiceType, fields.series, fields.aa].join(
      '-',
    ),
  );
}

/**
 * The sandbox's authentication code: a SHA-1 of the fields AADE names for the providers' code
 * (issuer, date, branch, type, series, number, MARK, gross, VAT, counterpart). Deterministic and of
 * AADE's shape; AADE's own joining of the fields is not published, so only the sandbox uses this.
 */
export function sandboxAuthenticationCode(
  fields: UidFields & { mark: string; grossValue: string; vatAmount: string; counterpartVat: string },
): string {
  return sha1Upper(
    [
      fields.issuerVat,
      fields.issueDate,
      fields.branch,
      fields.invoiceType,
      fields.series,
      fields.aa,
      fields.mark,
      fields.grossValue,
      fields.vatAmount,
      fields.counterpartVat,
    ].join('-'),
  );
}
