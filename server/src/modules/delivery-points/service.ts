import {
  foldForSearch,
  normalizeGreekPhone,
  normalizePostalCode,
  type DeliveryPoint,
  type DeliveryPointInput,
  type DeliveryPointsResponse,
  type SearchDeliveryPointsRequest,
} from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { ServiceActor } from '../../platform/policy';
import {
  deliveryPointsExist,
  findDeliveryPoint,
  findDeliveryPointByAddress,
  insertDeliveryPoint,
  lockAddress,
  searchDeliveryPoints,
  type DeliveryPointRow,
} from './repository';

export type DeliveryPointsService = ReturnType<typeof createDeliveryPointsService>;

/** Street, number, postal code and city folded: the identity of an address. */
export function addressKey(
  point: Pick<DeliveryPointInput, 'street' | 'streetNumber' | 'postalCode' | 'city'>,
): string {
  return foldForSearch(
    `${point.street} ${point.streetNumber} ${normalizePostalCode(point.postalCode) ?? point.postalCode} ${point.city}`,
  ).replace(/[.,]/g, '');
}

function toDeliveryPoint(row: DeliveryPointRow): DeliveryPoint {
  return {
    deliveryPointId: row.id,
    companyId: row.companyId,
    alias: row.alias,
    street: row.street,
    streetNumber: row.streetNumber,
    postalCode: row.postalCode,
    city: row.city,
    region: row.region,
    contactName: row.contactName,
    phone: row.phone,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The company's delivery points (SPEC §7 accounts service). Routes resolve the company and the role
 * before calling; every new point is audited with the company acted for.
 */
export function createDeliveryPointsService(deps: {
  /** The database; each new point is written in one transaction with its audit entry. */
  db: Db;
}) {
  /** Inserts the point with its audit entry in `tx`. */
  async function insertPointIn(
    tx: Executor,
    input: DeliveryPointInput,
    actor: ServiceActor,
  ): Promise<DeliveryPoint> {
    const values = {
      companyId: actor.companyId,
      alias: input.alias,
      street: input.street,
      streetNumber: input.streetNumber,
      postalCode: normalizePostalCode(input.postalCode)!,
      city: input.city,
      region: input.region,
      contactName: input.contactName,
      phone: normalizeGreekPhone(input.phone)!,
      notes: input.notes ?? '',
    };
    const row = await insertDeliveryPoint(tx, {
      ...values,
      searchText: foldForSearch(
        `${values.alias} ${values.street} ${values.streetNumber} ${values.postalCode} ${values.city} ${values.contactName}`,
      ),
      addressKey: addressKey(values),
      createdBy: actor.userId,
    });
    await auditChange(tx, actor, {
      action: 'delivery-point.create',
      entity: 'delivery-point',
      entityId: row.id,
      after: values,
    });
    return toDeliveryPoint(row);
  }

  async function insertPoint(input: DeliveryPointInput, actor: ServiceActor): Promise<DeliveryPoint> {
    return deps.db.transaction((tx) => insertPointIn(tx, input, actor));
  }

  return {
    /** A page of the company's points whose alias, address or contact hold every word (accents ignored). */
    async findDeliveryPoints(
      companyId: string,
      request: Required<SearchDeliveryPointsRequest>,
    ): Promise<DeliveryPointsResponse> {
      const { rows, total } = await searchDeliveryPoints(deps.db, companyId, foldForSearch(request.query), {
        offset: (request.page - 1) * request.pageSize,
        limit: request.pageSize,
      });
      return {
        success: true,
        deliveryPoints: rows.map(toDeliveryPoint),
        total,
        page: request.page,
        pageSize: request.pageSize,
      };
    },

    /** One point of the company; NOT_FOUND for an unknown one or one of another company. */
    async getDeliveryPoint(companyId: string, id: string): Promise<DeliveryPoint> {
      const row = await findDeliveryPoint(deps.db, companyId, id);
      if (!row) throw new AppError('NOT_FOUND', `no delivery point ${id}`);
      return toDeliveryPoint(row);
    },

    /** A new delivery point (/delivery-points). */
    createDeliveryPoint: insertPoint,

    /**
     * A delivery point added inline while issuing cards: an identical address of the company is
     * returned instead of being added twice.
     */
    async addDeliveryPoint(
      input: DeliveryPointInput,
      actor: ServiceActor,
    ): Promise<{ deliveryPoint: DeliveryPoint; existing: boolean }> {
      const key = addressKey(input);
      // Looked for and added under the address's lock: requests at once make one point.
      return deps.db.transaction(async (tx) => {
        await lockAddress(tx, actor.companyId, key);
        const found = await findDeliveryPointByAddress(tx, actor.companyId, key);
        if (found) return { deliveryPoint: toDeliveryPoint(found), existing: true };
        return { deliveryPoint: await insertPointIn(tx, input, actor), existing: false };
      });
    },

    /** True when every one of `ids` is a delivery point of the company (no other company's). */
    async deliveryPointsExist(companyId: string, ids: string[]): Promise<boolean> {
      return deliveryPointsExist(deps.db, companyId, ids);
    },
  };
}
