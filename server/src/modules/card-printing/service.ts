import type { CardPrinting, UpdateCardPrintingRequest } from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { ServiceActor } from '../../platform/policy';
import type { DeliveryPointsService } from '../delivery-points';
import { findCardPrinting, upsertCardPrinting } from './repository';

export type CardPrintingService = ReturnType<typeof createCardPrintingService>;

/**
 * The company's card-printing settings (SPEC §7 accounts service): emboss line, logo, carrier
 * message, default delivery point. Routes resolve the company and the role before calling; every
 * change is audited with the company acted for.
 */
export function createCardPrintingService(deps: {
  db: Db;
  /** Checks that the default delivery point is one of the company's own. */
  deliveryPoints: DeliveryPointsService;
  /** The clock of `updatedAt` (tests pass their own). */
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The company's settings; a company that never saved any gets the defaults. */
  async function getCardPrinting(companyId: string): Promise<CardPrinting> {
    const row = await findCardPrinting(deps.db, companyId);
    return {
      embossLine: row?.embossLine ?? '',
      printLogo: row?.printLogo ?? false,
      carrierMessage: row?.carrierMessage ?? '',
      defaultDeliveryPointId: row?.defaultDeliveryPointId ?? null,
      printEmployeeCode: row?.printEmployeeCode ?? false,
      updatedAt: row?.updatedAt?.toISOString() ?? null,
    };
  }

  return {
    getCardPrinting,

    /** Saves the settings, audited before and after; a delivery point of another company is a 400. */
    async updateCardPrinting(request: UpdateCardPrintingRequest, actor: ServiceActor): Promise<CardPrinting> {
      if (
        request.defaultDeliveryPointId &&
        !(await deps.deliveryPoints.deliveryPointsExist(actor.companyId, [request.defaultDeliveryPointId]))
      ) {
        throw new AppError('VALIDATION', 'delivery point of another company', {
          fields: [{ field: 'defaultDeliveryPointId', key: 'invalidChoice' }],
        });
      }
      const before = await getCardPrinting(actor.companyId);
      await upsertCardPrinting(deps.db, {
        companyId: actor.companyId,
        ...request,
        updatedBy: actor.userId,
        updatedAt: now(),
      });
      const after = await getCardPrinting(actor.companyId);
      await auditChange(deps.db, actor, {
        action: 'card-printing.update',
        entity: 'card-printing',
        entityId: actor.companyId,
        before,
        after,
      });
      return after;
    },
  };
}
