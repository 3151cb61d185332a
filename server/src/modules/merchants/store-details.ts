import type { StoreView, UpdateStoreDetailsRequest } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { MerchantChangeActor, MerchantsDeps } from './merchant-context';
import { merchantStores } from './schema';

/**
 * `updateStoreDetails` (SPEC §7): the merchant's administrator (or provider staff) corrects a
 * store's name, address, hours, channels, neighbourhood and coordinates. Its category and accepted products stay as contracted.
 * Another merchant's store is "not found". Audited with before and after.
 */
export async function updateStoreDetails(
  deps: MerchantsDeps,
  actor: MerchantChangeActor,
  merchantId: string,
  input: UpdateStoreDetailsRequest,
  read: (merchantId: string) => Promise<StoreView[]>,
): Promise<StoreView> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(merchantStores)
      .where(and(eq(merchantStores.id, input.storeId), eq(merchantStores.merchantId, merchantId)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', `no store ${input.storeId}`);
    const after = {
      name: input.name,
      address: input.address,
      city: input.city,
      postalCode: input.postalCode.replace(/\s+/g, ''),
      openingHours: input.openingHours,
      channels: [...new Set(input.channels)],
      // Issue 35 §4 (ADR 047): absent leaves them as they were; null clears the coordinates.
      area: input.area ?? before.area,
      lat: input.lat === undefined ? before.lat : input.lat,
      lng: input.lng === undefined ? before.lng : input.lng,
    };
    await tx.update(merchantStores).set(after).where(eq(merchantStores.id, input.storeId));
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'store.update',
      entity: 'merchant-store',
      entityId: input.storeId,
      before: {
        merchantId,
        name: before.name,
        address: before.address,
        city: before.city,
        postalCode: before.postalCode,
        openingHours: before.openingHours,
        channels: before.channels,
        area: before.area,
        lat: before.lat,
        lng: before.lng,
      },
      after: { merchantId, ...after },
      requestId: actor.requestId ?? null,
    });
  });
  return (await read(merchantId)).find((store) => store.storeId === input.storeId)!;
}
