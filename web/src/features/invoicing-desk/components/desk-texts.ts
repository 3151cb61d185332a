import type { InvoiceResendOutcome, InvoiceState, InvoiceTransmissionOutcome } from '@tessera/domain';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';

/** What each call to AADE did and how it ended, in words. */
export const ACTION_TEXT: Record<'send' | 'lookup' | 'cancel', MessageId> = {
  send: 'invoiceDesk.action.send',
  lookup: 'invoiceDesk.action.lookup',
  cancel: 'invoiceDesk.action.cancel',
};

export const OUTCOME_TEXT: Record<InvoiceTransmissionOutcome, MessageId> = {
  accepted: 'invoiceDesk.outcome.accepted',
  refused: 'invoiceDesk.outcome.refused',
  'technical-error': 'invoiceDesk.outcome.technicalError',
  unreachable: 'invoiceDesk.outcome.unreachable',
  failed: 'invoiceDesk.outcome.failed',
  cancelled: 'invoiceDesk.outcome.cancelled',
  found: 'invoiceDesk.outcome.found',
  'not-found': 'invoiceDesk.outcome.notFound',
};

/** What "send again" did, said to the staff member who asked. */
export const RESEND_TEXT: Record<InvoiceResendOutcome, MessageId> = {
  transmitted: 'invoiceDesk.resend.transmitted',
  found: 'invoiceDesk.resend.found',
  refused: 'invoiceDesk.resend.refused',
  unanswered: 'invoiceDesk.resend.unanswered',
  waiting: 'invoiceDesk.resend.waiting',
  scheduled: 'invoiceDesk.resend.scheduled',
};

/** The alert colour of each answer: green when AADE has it, red when it refused, grey otherwise. */
export const RESEND_COLOR: Record<InvoiceResendOutcome, string> = {
  transmitted: 'green',
  found: 'green',
  refused: 'red',
  unanswered: 'yellow',
  waiting: 'gray',
  scheduled: 'gray',
};

/** A state's badge colour (the words come from the domain's labels). */
export const STATE_COLOR: Record<InvoiceState, string> = {
  issued: BADGE_COLOR.blue,
  transmitted: BADGE_COLOR.green,
  transmission_failed: BADGE_COLOR.amber,
  refused: BADGE_COLOR.red,
};

/** The transmission-failure flag (myDATA's 1–3) in words. */
export const FLAG_TEXT: Record<number, MessageId> = {
  1: 'invoiceDesk.flag.issuerToProvider',
  2: 'invoiceDesk.flag.providerToMydata',
  3: 'invoiceDesk.flag.lossOfInterconnection',
};
