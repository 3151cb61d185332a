import type { InvoiceDocumentType, InvoiceLineKind, InvoiceState } from '@tessera/domain';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import type { MessageId } from '../../../i18n/messages';

/** The words of a document's type, state and kinds of line (`invoices` area). */
export const DOCUMENT_TYPE_MESSAGE: Record<InvoiceDocumentType, MessageId> = {
  '2.1': 'invoices.type.services',
  '1.1': 'invoices.type.sales',
  '5.1': 'invoices.type.creditNote',
};

export const STATE_MESSAGE: Record<InvoiceState, MessageId> = {
  issued: 'invoices.state.issued',
  transmitted: 'invoices.state.transmitted',
  transmission_failed: 'invoices.state.transmissionFailed',
  refused: 'invoices.state.refused',
};

/** The state's colour only repeats its words. */
export const STATE_COLOR: Record<InvoiceState, string> = {
  issued: BADGE_COLOR.blue,
  transmitted: BADGE_COLOR.green,
  transmission_failed: BADGE_COLOR.amber,
  refused: BADGE_COLOR.red,
};

export const LINE_KIND_MESSAGE: Record<InvoiceLineKind, MessageId> = {
  serviceFee: 'invoices.line.serviceFee',
  cardFee: 'invoices.line.cardFee',
  replacementFee: 'invoices.line.replacementFee',
  deliveryFee: 'invoices.line.deliveryFee',
  redemptionFee: 'invoices.line.redemptionFee',
  terminalRental: 'invoices.line.terminalRental',
  supplies: 'invoices.line.supplies',
};
