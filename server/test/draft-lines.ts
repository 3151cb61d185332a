import type { DraftCard } from '@tessera/domain';

/** A draft line of a new cardholder (NEW orders), with the load it asks for. */
export function holderLine(
  tempCardId: string,
  amountCents = 0,
  firstName = 'Άννα',
  lastName = 'Ιωάννου',
): DraftCard {
  return {
    tempCardId,
    cardId: null,
    cardholderId: null,
    cardholder: { firstName, lastName, email: '', phone: '', employeeCode: '', taxId: '' },
    cardName: '',
    amountCents,
  };
}
