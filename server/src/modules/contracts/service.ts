import type { Contract, CreateContractRequest, TrzContract, UpdateTrzContract } from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import { AppError, declareUniqueConflict } from '../../platform/errors';
import type { Db } from '../../platform/db';
import type { ServiceActor } from '../../platform/policy';
import {
  findContract,
  findContracts,
  findTrzContract,
  insertContract,
  setContractStatus,
  upsertTrzContract,
  type ContractRow,
} from './repository';

function toContract(row: ContractRow): Contract {
  return {
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
  };
}

/** The answer to a contract number already in use (issue 18 §3): the unique index is the check. */
const contractNumberTaken = () =>
  new AppError('VALIDATION', 'contract number is taken', {
    fields: [{ field: 'contractNumber', key: 'invalidValue' }],
  });
declareUniqueConflict('contracts_contract_number_unique', contractNumberTaken);

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
      return (await findContracts(deps.db, companyId)).map(toContract);
    },

    /**
     * Adds a contract to the company acted for (provider staff, issue 18 §3), audited. A contract
     * number already in use is a field error.
     */
    async createContract(request: Required<CreateContractRequest>, actor: ServiceActor): Promise<Contract> {
      // A number in use breaks the unique index: `contractNumberTaken` is the answer.
      return deps.db.transaction(async (tx) => {
        const row = await insertContract(tx, { companyId: actor.companyId, ...request });
        await auditChange(tx, actor, {
          action: 'contract.create',
          entity: 'contract',
          entityId: row.id,
          before: null,
          after: toContract(row),
        });
        return toContract(row);
      });
    },

    /** Changes a contract's status (pending, active, expired), audited; NOT_FOUND for another company's. */
    async updateContractStatus(
      request: { contractId: string; status: Contract['status'] },
      actor: ServiceActor,
    ): Promise<Contract> {
      return deps.db.transaction(async (tx) => {
        const before = await findContract(tx, actor.companyId, request.contractId);
        if (!before) throw new AppError('NOT_FOUND', `no contract ${request.contractId}`);
        const after = await setContractStatus(tx, request.contractId, request.status);
        await auditChange(tx, actor, {
          action: 'contract.status',
          entity: 'contract',
          entityId: request.contractId,
          before: toContract(before),
          after: toContract(after),
        });
        return toContract(after);
      });
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
