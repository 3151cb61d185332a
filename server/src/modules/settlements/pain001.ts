import { create } from 'xmlbuilder2';
import { isoAmount, sepaText } from '@tessera/domain';
import { PROVIDER_LEGAL_NAME } from '../../platform/config';

/**
 * The SEPA credit-transfer file the provider sends its bank (ISO 20022 `pain.001.001.03`, the
 * version of the EPC's SEPA Credit Transfer implementation guidelines every Greek bank accepts):
 * one group header, one payment information block debiting the provider's account, one credit
 * transfer per payout. `settlements.test.ts` validates it against the XSD in
 * `server/assets/iso20022/`.
 */

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

/**
 * The provider as the debtor of every payout: its name and the account payouts leave from. The IBAN
 * is a made-up account of the demo (Piraeus Bank's bank code 017, a valid check digit), not a real
 * account; production sets its own.
 */
export const PROVIDER_DEBTOR = {
  /** The one legal name of the provider (`platform/config.ts`, issue 34 §2.7). */
  name: PROVIDER_LEGAL_NAME,
  iban: 'GR3101700100000000001234567',
  bic: 'PIRBGRAA',
} as const;

export type CreditTransfer = {
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  iban: string;
  /** Optional in SEPA since 2016 (IBAN only); given when the merchant gave it. */
  bic: string;
  /** Unstructured remittance text the merchant sees (≤ 140). */
  remittance: string;
};

/** An `Max35Text` identifier of the file: `TSP` + compact UTC time + random, 35 at most. */
export function messageIdOf(at: Date, random: string): string {
  return `TSP${at
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14)}${random}`.slice(0, 35);
}

/** The pain.001.001.03 document of `transfers` (at least one), as UTF-8 XML text. */
export function painXml(input: {
  messageId: string;
  createdAt: Date;
  /** `YYYY-MM-DD`: the day the bank is asked to execute the transfers. */
  executionDate: string;
  transfers: readonly CreditTransfer[];
}): string {
  if (input.transfers.length === 0) throw new RangeError('a credit-transfer file needs a transfer');
  const count = String(input.transfers.length);
  const total = isoAmount(input.transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0));
  const debtor = { Nm: sepaText(PROVIDER_DEBTOR.name, 70) };
  const document = {
    Document: {
      '@xmlns': PAIN_001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: input.messageId,
          // ISODateTime without fractions or zone letter: what the EPC guidelines show and banks read.
          CreDtTm: input.createdAt.toISOString().slice(0, 19),
          NbOfTxs: count,
          CtrlSum: total,
          InitgPty: debtor,
        },
        PmtInf: {
          PmtInfId: `${input.messageId.slice(0, 33)}-1`,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: total,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: input.executionDate,
          Dbtr: debtor,
          DbtrAcct: { Id: { IBAN: PROVIDER_DEBTOR.iban } },
          DbtrAgt: { FinInstnId: { BIC: PROVIDER_DEBTOR.bic } },
          ChrgBr: 'SLEV',
          CdtTrfTxInf: input.transfers.map((transfer) => ({
            PmtId: { EndToEndId: transfer.endToEndId.slice(0, 35) },
            Amt: { InstdAmt: { '@Ccy': 'EUR', '#': isoAmount(transfer.amountCents) } },
            ...(transfer.bic ? { CdtrAgt: { FinInstnId: { BIC: transfer.bic } } } : {}),
            Cdtr: { Nm: sepaText(transfer.creditorName, 70) },
            CdtrAcct: { Id: { IBAN: transfer.iban.replace(/\s+/g, '').toUpperCase() } },
            RmtInf: { Ustrd: sepaText(transfer.remittance, 140) },
          })),
        },
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, document).end({ prettyPrint: true });
}
