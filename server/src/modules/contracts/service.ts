import type { Contract, TrzContract, UpdateTrzContract } from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { ServiceActor } from '../../platform/policy';
import { findContracts, findTrzContract, upsertTrzContract } from './repository';

export type ContractsService = ReturnType<typeof createContractsService>;

/**
 * The company's contracts (SPEC §7 accounts service): one per product, whose fees price its orders,
 * and the TRZ contract the company fills in and signs. Routes resolve the company and the role
 * before calling; every change is audited with the company acted for.
 */
export function createContractsService(deps: {
  db: Db;
  /** The clock of signing and `updatedAt` (tests pass their own). */
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The company's TRZ contract; one never saved is unsigned, with the default terms. */
  async function trzContract(companyId: string): Promise<TrzContract> {
    const row = await findTrzContract(deps.db, companyId);
    return {
      contractNumber: row?.contractNumber ?? `TRZ-${companyId}`,
      status: row?.status ?? 'not_signed',
      dailyAllowanceCents: row?.dailyAllowanceCents ?? 800,
      monthlyLoadDay: row?.monthlyLoadDay ?? 1,
      invoiceEmail: row?.invoiceEmail ?? '',
      acceptedAt: row?.acceptedAt?.toISOString() ?? null,
      acceptedBy: row?.acceptedBy ?? null,
    };
  }

  return {
    /** The company's contracts as stored, oldest first (orders price with the active ones). */
    async contracts(companyId: string): Promise<Contract[]> {
      return (await findContracts(deps.db, companyId)).map((row) => ({
        contractId: row.id,
        contractNumber: row.contractNumber,
        product: row.product,
        status: row.status,
        signedOn: row.signedOn,
        validFrom: row.validFrom,
        validTo: row.validTo,
        cardFeeCents: row.cardFeeCents,
        loadFeeBasisPoints: row.loadFeeBasisPoints,
        paymentTermsDays: row.paymentTermsDays,
      }));
    },

    trzContract,

    /** Saves the TRZ terms, audited; `accept` signs it once (again changes neither who nor when). */
    async updateTrzContract(request: UpdateTrzContract, actor: ServiceActor): Promise<TrzContract> {
      const before = await trzContract(actor.companyId);
      const accepting = request.accept && before.status === 'not_signed';
      await upsertTrzContract(deps.db, {
        companyId: actor.companyId,
        contractNumber: before.contractNumber,
        status: accepting ? 'active' : before.status,
        dailyAllowanceCents: request.dailyAllowanceCents,
        monthlyLoadDay: request.monthlyLoadDay,
        invoiceEmail: request.invoiceEmail.toLowerCase(),
        acceptedAt: accepting ? now() : before.acceptedAt ? new Date(before.acceptedAt) : null,
        acceptedBy: accepting ? actor.userId : before.acceptedBy,
        updatedAt: now(),
      });
      const after = await trzContract(actor.companyId);
      await auditChange(deps.db, actor, {
        action: 'trz-contract.update',
        entity: 'trz-contract',
        entityId: actor.companyId,
        before,
        after,
      });
      return after;
    },
  };
}
