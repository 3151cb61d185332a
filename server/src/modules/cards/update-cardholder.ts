import { normalizeGreekPhone, type Cardholder, type UpdateCardholderRequest } from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { cardholderSearchText, cardSearchFields } from './card-fields';
import type { CardActor, CardsContext } from './context';
import { cardsOfCardholder, findCardholderOfCompany, updateCardholderRow, updateCardRow } from './repository';
import { toCardholder } from './views';

/** Changes a cardholder's details (and the search text of their cards), audited. */
export async function updateCardholder(
  ctx: CardsContext,
  request: UpdateCardholderRequest,
  actor: CardActor,
): Promise<Cardholder> {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await findCardholderOfCompany(tx, actor.companyId, request.cardholderId);
    if (!before) throw new AppError('NOT_FOUND', `no cardholder ${request.cardholderId}`);
    const values = {
      firstName: request.firstName,
      lastName: request.lastName,
      email: (request.email ?? '').toLowerCase(),
      phone: request.phone ? (normalizeGreekPhone(request.phone) ?? request.phone) : '',
      employeeCode: request.employeeCode ?? '',
      taxId: (request.taxId ?? '').replace(/\s/g, ''),
    };
    ctx.totals.forget(actor.companyId);
    const after = await updateCardholderRow(tx, before.id, {
      ...values,
      searchText: cardholderSearchText(values),
    });
    for (const card of await cardsOfCardholder(tx, before.id)) {
      await updateCardRow(tx, card.id, cardSearchFields(after, card));
    }
    await auditChange(tx, actor, {
      action: 'cardholder.update',
      entity: 'cardholder',
      entityId: before.id,
      before: toCardholder(before),
      after: toCardholder(after),
    });
    return toCardholder(after);
  });
  // Again after commit: a count that ran meanwhile must not keep the old total.
  ctx.totals.forget(actor.companyId);
  return result;
}
