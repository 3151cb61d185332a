import { createHash } from 'node:crypto';
import { rfOfBody, type MerchantCharge } from '@tessera/domain';
import { PROVIDER_BANK_ACCOUNT, PROVIDER_BANK_NAMES } from '../payments';
import { chargeView, type BillingContext } from './billing-context';
import { findCharges, findRfBatch, insertRfBatch, nextRfBatchId } from './repository';

/** Digits of the batch number in a merchant's RF body. */
const BATCH_DIGITS = 8;

/**
 * The RF body of a merchant's batch: its id's letters and digits, then the batch number padded to
 * eight digits (ISO 11649 allows 21 characters; a long merchant id keeps its last characters).
 */
function bodyOf(merchantId: string, batchId: number): string {
  const id = merchantId.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const number = String(batchId).padStart(BATCH_DIGITS, '0');
  return `${id.slice(-(21 - number.length))}${number}`;
}

/**
 * `retrieveRfCode` (SPEC §7): what the merchant owes (every open charge) and the ISO 11649
 * reference to pay it by transfer. The reference names the set of open charges: asked again while
 * the set is unchanged it is the same reference; a new or paid charge makes a new one (a batch row
 * per set, unique, so two requests at once agree on one). Nothing open: no reference.
 */
export async function retrieveRfCode(
  ctx: BillingContext,
  merchantId: string,
  locale: Parameters<typeof chargeView>[1],
): Promise<{
  rfCode: string | null;
  amountCents: number;
  charges: MerchantCharge[];
  bank: { beneficiary: string; iban: string; bic: string; bankName: string };
}> {
  const open = await findCharges(ctx.db, merchantId, { status: 'open' });
  const amountCents = open.reduce((sum, charge) => sum + charge.amountCents, 0);
  const bank = {
    beneficiary: PROVIDER_BANK_ACCOUNT.beneficiary,
    iban: PROVIDER_BANK_ACCOUNT.iban,
    bic: PROVIDER_BANK_ACCOUNT.bic,
    bankName: PROVIDER_BANK_NAMES[locale],
  };
  const charges = open.map((charge) => chargeView(charge, locale));
  if (open.length === 0) return { rfCode: null, amountCents, charges, bank };
  const chargeIds = open.map((charge) => charge.id).sort();
  const chargeKey = createHash('sha256').update(chargeIds.join(',')).digest('hex');
  let batch = await findRfBatch(ctx.db, merchantId, chargeKey);
  if (!batch) {
    const id = await nextRfBatchId(ctx.db);
    await insertRfBatch(ctx.db, {
      id,
      merchantId,
      chargeKey,
      chargeIds,
      amountCents,
      rfCode: rfOfBody(bodyOf(merchantId, id)),
    });
    batch = (await findRfBatch(ctx.db, merchantId, chargeKey))!;
  }
  return { rfCode: batch.rfCode, amountCents, charges, bank };
}
