import { randomBytes, randomInt } from 'node:crypto';
import type {
  CardCategory,
  EnrolmentState,
  FeePlan,
  MerchantSummary,
  MerchantUserRole,
  SpendCategory,
  StoreChannel,
  StoreView,
  TerminalDeskItem,
  TerminalDeskQuery,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../identity';
import type { MerchantChangeActor, MerchantsDeps } from './merchant-context';
import {
  inviteMerchantUser,
  listMerchantUsers,
  merchantLinksOfUsers,
  setMerchantUserLink,
  setMerchantUserLocked,
  userIdsOfMerchantsMatching,
} from './merchant-users';
import { listMerchantNotifications, markMerchantNotificationsRead, notifyMerchant } from './notifications';
import { confirmIbanChange, updateRedeemerProfile } from './redeemer-profile';
import { updateStoreDetails } from './store-details';
import { countRequestedTerminals, findDeskTerminals } from './terminal-desk';
import {
  findMerchant,
  findMerchants,
  findMerchantUser,
  findStores,
  findTerminal,
  findTerminalByClientId,
  findTerminalForPurchase,
  findTerminalsOfMerchant,
  insertMerchant,
  insertMerchantUser,
  insertStore,
  insertTerminal,
  findPayee,
  updateTerminalState,
  type MerchantPayee,
  type MerchantRow,
  type TerminalForPurchase,
  type TerminalRow,
} from './repository';

export type MerchantsService = ReturnType<typeof createMerchantsService>;

/** A new merchant with its stores, terminals (and their client secrets) and users. */
export type NewMerchant = {
  merchantId: string;
  legalName: string;
  tradeName: string;
  vatNumber: string;
  iban: string;
  bic?: string;
  address?: string;
  contactName: string;
  contactEmail: string;
  contactPhone?: string;
  feePlan: FeePlan;
  stores: {
    name: string;
    address: string;
    city: string;
    postalCode: string;
    category: SpendCategory;
    openingHours?: string;
    channels: StoreChannel[];
    acceptedProducts: CardCategory[];
    /** Neighbourhood and WGS 84 coordinates (issue 35 §4, ADR 047). */
    area?: string;
    lat?: number;
    lng?: number;
    terminals: {
      mid: string;
      label: string;
      state: EnrolmentState;
      clientId: string;
      clientSecret: string;
    }[];
  }[];
  users?: { userId: string; role: MerchantUserRole }[];
};

function toSummary(row: MerchantRow): MerchantSummary {
  return {
    merchantId: row.id,
    legalName: row.legalName,
    tradeName: row.tradeName,
    vatNumber: row.vatNumber,
    iban: row.iban,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    address: row.address,
    bic: row.bic,
    feePlan: row.feePlan,
  };
}

/**
 * Merchants, stores, terminals and merchant users (issue 15, ADR 016). Routes resolve the merchant
 * (a merchant user's own, or the one provider staff named) before calling; reads and writes are
 * always by that merchant's id, so another merchant's store or terminal is "not found".
 */
/**
 * How long a terminal's purchase facts (state, store, products, merchant) are kept in memory: every
 * purchase needs them and they change rarely. A change made through this process takes effect at
 * once; one made through another instance within this time (ADR 016).
 */
const TERMINAL_FACTS_MS = 2_000;

export function createMerchantsService(deps: MerchantsDeps) {
  const terminalFacts = new Map<string, { at: number; facts: TerminalForPurchase }>();
  const service = {
    /** The merchant a merchant user works for (the tenant scope's question). */
    async merchantOf(userId: string): Promise<{ merchantId: string; role: MerchantUserRole } | null> {
      return (await findMerchantUser(deps.db, userId)) ?? null;
    },

    async merchantExists(merchantId: string): Promise<boolean> {
      return (await findMerchant(deps.db, merchantId)) !== undefined;
    },

    async profile(merchantId: string): Promise<MerchantSummary> {
      const row = await findMerchant(deps.db, merchantId);
      if (!row) throw new AppError('NOT_FOUND', `no merchant ${merchantId}`);
      return toSummary(row);
    },

    /** The merchant as an invoice names it: legal name, trade name, VAT number and address. */
    async invoiceParty(
      merchantId: string,
      db: Executor = deps.db,
    ): Promise<{ legalName: string; tradeName: string; vatNumber: string; address: string }> {
      const row = await findMerchant(db, merchantId);
      if (!row) throw new AppError('NOT_FOUND', `no merchant ${merchantId}`);
      return {
        legalName: row.legalName,
        tradeName: row.tradeName,
        vatNumber: row.vatNumber,
        address: row.address,
      };
    },

    /** Every merchant (provider staff choose one to act for). */
    async list(): Promise<MerchantSummary[]> {
      return (await findMerchants(deps.db)).map(toSummary);
    },

    /** The merchant's stores with their terminals. */
    async stores(merchantId: string): Promise<StoreView[]> {
      const [stores, terminals] = await Promise.all([
        findStores(deps.db, merchantId),
        findTerminalsOfMerchant(deps.db, merchantId),
      ]);
      return stores.map((store) => ({
        storeId: store.id,
        name: store.name,
        address: store.address,
        city: store.city,
        postalCode: store.postalCode,
        category: store.category,
        openingHours: store.openingHours,
        channels: store.channels,
        acceptedProducts: store.acceptedProducts,
        area: store.area,
        lat: store.lat,
        lng: store.lng,
        terminals: terminals
          .filter((terminal) => terminal.storeId === store.id)
          .map((terminal) => ({
            terminalId: terminal.id,
            mid: terminal.mid,
            label: terminal.label,
            state: terminal.state,
            clientId: terminal.clientId,
          })),
      }));
    },

    /** The terminals desk (issue 34): every merchant's tills, requested first, and the queue's length. */
    async terminalDesk(
      query: TerminalDeskQuery,
    ): Promise<{ terminals: TerminalDeskItem[]; requested: number }> {
      return {
        terminals: await findDeskTerminals(deps.db, query),
        requested: await countRequestedTerminals(deps.db),
      };
    },

    /** Any merchant's terminal by id (provider staff's desk), or NOT_FOUND. */
    async anyTerminal(terminalId: string): Promise<TerminalRow> {
      const row = await findTerminal(deps.db, terminalId);
      if (!row) throw new AppError('NOT_FOUND', `no terminal ${terminalId}`);
      return row;
    },

    /** One of the merchant's terminals; another merchant's is "not found". */
    async terminalOf(merchantId: string, terminalId: string): Promise<TerminalRow> {
      const row = await findTerminal(deps.db, terminalId);
      if (!row || row.merchantId !== merchantId) throw new AppError('NOT_FOUND', `no terminal ${terminalId}`);
      return row;
    },

    /**
     * Enrols, suspends or re-requests a terminal's MID (provider staff), audited with the staff's
     * `reason` when given (the terminals desk always gives one, issue 34). With `expectedFrom`, a
     * terminal not in one of those states is a CONFLICT (a resume of a till that is not suspended).
     */
    async setTerminalState(
      actor: { userId: string; requestId?: string },
      merchantId: string,
      terminalId: string,
      state: EnrolmentState,
      options: { reason?: string; expectedFrom?: readonly EnrolmentState[] } = {},
    ): Promise<TerminalRow> {
      return deps.db.transaction(async (tx) => {
        const before = await findTerminal(tx, terminalId);
        if (!before || before.merchantId !== merchantId) {
          throw new AppError('NOT_FOUND', `no terminal ${terminalId}`);
        }
        if (options.expectedFrom && !options.expectedFrom.includes(before.state)) {
          throw new AppError(
            'CONFLICT',
            `terminal ${terminalId} is ${before.state}, not ${options.expectedFrom.join(' or ')}`,
          );
        }
        const after = (await updateTerminalState(tx, merchantId, terminalId, state))!;
        terminalFacts.delete(terminalId);
        if (state === 'enrolled' && before.state !== 'enrolled') {
          await notifyMerchant(
            tx,
            merchantId,
            'midEnrolled',
            { label: after.label, mid: after.mid },
            `enrolled:${terminalId}:${Date.now()}`,
          );
        }
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'terminal.state',
          entity: 'merchant-terminal',
          entityId: terminalId,
          before: { merchantId, state: before.state },
          after: { merchantId, state, ...(options.reason ? { reason: options.reason } : {}) },
          merchantId,
          requestId: actor.requestId ?? null,
        });
        return after;
      });
    },

    /**
     * `updateStoreMids` (SPEC §7): the merchant asks for a new terminal at one of its stores. It gets
     * a fresh MID in the `requested` state (the provider enrols it) and its client credentials; the
     * secret is shown this once and kept only hashed. Audited.
     */
    async requestTerminal(
      actor: { userId: string; requestId?: string },
      merchantId: string,
      input: { storeId: string; label: string },
    ): Promise<{ terminal: TerminalRow; clientSecret: string }> {
      const stores = await findStores(deps.db, merchantId);
      if (!stores.some((store) => store.id === input.storeId)) {
        throw new AppError('NOT_FOUND', `no store ${input.storeId}`);
      }
      const clientSecret = randomBytes(24).toString('base64url');
      const secretHash = await hashPassword(clientSecret);
      return deps.db.transaction(async (tx) => {
        const mid = `7${String(randomInt(0, 10_000_000)).padStart(7, '0')}${String(randomInt(0, 100)).padStart(2, '0')}`;
        const terminalId = await insertTerminal(tx, {
          merchantId,
          storeId: input.storeId,
          mid,
          label: input.label,
          state: 'requested',
          clientId: `term-${mid}`,
          secretHash,
        });
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'terminal.request',
          entity: 'merchant-terminal',
          entityId: terminalId,
          after: { merchantId, storeId: input.storeId, mid, label: input.label },
          requestId: actor.requestId ?? null,
        });
        return { terminal: (await findTerminal(tx, terminalId))!, clientSecret };
      });
    },

    /** The merchant's fee plan, ledger account and bank account, read in `db` (a settlement's transaction). */
    payeeOf: (db: Executor, merchantId: string): Promise<MerchantPayee | undefined> =>
      findPayee(db, merchantId),

    terminalByClientId: (clientId: string) => findTerminalByClientId(deps.db, clientId),
    /** A terminal's purchase facts, read at most every TERMINAL_FACTS_MS per terminal. */
    async terminalForPurchase(db: Executor, terminalId: string): Promise<TerminalForPurchase | undefined> {
      const now = Date.now();
      const known = terminalFacts.get(terminalId);
      if (known && now - known.at < TERMINAL_FACTS_MS) return known.facts;
      const facts = await findTerminalForPurchase(db, terminalId);
      if (terminalFacts.size > 50_000) terminalFacts.clear();
      if (facts) terminalFacts.set(terminalId, { at: now, facts });
      else terminalFacts.delete(terminalId);
      return facts;
    },

    /**
     * Creates a merchant with its `merchant` ledger account (allowed below zero: a refund after the
     * payout is taken from the next one), stores, terminals and users, in one transaction.
     */
    async createMerchant(input: NewMerchant, db: Executor = deps.db): Promise<{ terminalIds: string[] }> {
      const secretHashes = await Promise.all(
        input.stores.flatMap((store) =>
          store.terminals.map((terminal) => hashPassword(terminal.clientSecret)),
        ),
      );
      return db.transaction(async (tx) => {
        const accountId = await deps.ledger.openAccount(tx, {
          kind: 'merchant',
          companyId: null,
          merchantId: input.merchantId,
          allowNegative: true,
        });
        await insertMerchant(tx, {
          id: input.merchantId,
          legalName: input.legalName,
          tradeName: input.tradeName,
          vatNumber: input.vatNumber,
          iban: input.iban,
          bic: input.bic ?? '',
          address: input.address ?? '',
          contactName: input.contactName,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone ?? '',
          feePlan: input.feePlan,
          ledgerAccountId: accountId,
        });
        const terminalIds: string[] = [];
        let secret = 0;
        for (const store of input.stores) {
          const storeId = await insertStore(tx, {
            merchantId: input.merchantId,
            name: store.name,
            address: store.address,
            city: store.city,
            postalCode: store.postalCode,
            category: store.category,
            openingHours: store.openingHours ?? '',
            channels: store.channels,
            acceptedProducts: store.acceptedProducts,
            area: store.area ?? '',
            lat: store.lat ?? null,
            lng: store.lng ?? null,
          });
          for (const terminal of store.terminals) {
            terminalIds.push(
              await insertTerminal(tx, {
                merchantId: input.merchantId,
                storeId,
                mid: terminal.mid,
                label: terminal.label,
                state: terminal.state,
                clientId: terminal.clientId,
                secretHash: secretHashes[secret++]!,
                enrolledAt: terminal.state === 'enrolled' ? new Date() : null,
              }),
            );
          }
        }
        for (const user of input.users ?? []) {
          await insertMerchantUser(tx, {
            merchantId: input.merchantId,
            userId: user.userId,
            role: user.role,
          });
        }
        return { terminalIds };
      });
    },
    /** `updateStoreDetails`. */
    updateStoreDetails: (
      actor: MerchantChangeActor,
      merchantId: string,
      input: Parameters<typeof updateStoreDetails>[3],
    ) => {
      // Purchases name the store: its terminals' facts are read again.
      terminalFacts.clear();
      return updateStoreDetails(deps, actor, merchantId, input, (id) => service.stores(id));
    },
    /** `retrieveStoreDetails`: one store of the merchant; another merchant's is "not found". */
    async storeDetails(merchantId: string, storeId: string): Promise<StoreView> {
      const store = (await service.stores(merchantId)).find((candidate) => candidate.storeId === storeId);
      if (!store) throw new AppError('NOT_FOUND', `no store ${storeId}`);
      return store;
    },
    updateProfile: (
      actor: MerchantChangeActor,
      merchantId: string,
      input: Parameters<typeof updateRedeemerProfile>[3],
      locale: Parameters<typeof updateRedeemerProfile>[4],
    ) => updateRedeemerProfile(deps, actor, merchantId, input, locale),
    confirmIbanChange: (actor: MerchantChangeActor, merchantId: string, token: string) =>
      confirmIbanChange(deps, actor, merchantId, token),
    users: (merchantId: string) => listMerchantUsers(deps, merchantId),
    // Back office (issue 18 §2, ADR 023): merchant users among all users.
    merchantLinksOfUsers: (userIds: string[]) => merchantLinksOfUsers(deps, userIds),
    userIdsOfMerchantsMatching: (text: string) => userIdsOfMerchantsMatching(deps, text),
    setUserLink: setMerchantUserLink,
    inviteUser: (
      actor: MerchantChangeActor,
      merchantId: string,
      input: Parameters<typeof inviteMerchantUser>[3],
    ) => inviteMerchantUser(deps, actor, merchantId, input),
    setUserLocked: (actor: MerchantChangeActor, merchantId: string, userId: string, isLocked: boolean) =>
      setMerchantUserLocked(deps, actor, merchantId, userId, isLocked),
    notifications: (merchantId: string, locale: Parameters<typeof listMerchantNotifications>[2]) =>
      listMerchantNotifications(deps.db, merchantId, locale),
    markNotificationsRead: (merchantId: string, notificationId: string | undefined) =>
      markMerchantNotificationsRead(deps.db, merchantId, notificationId),
    /** Tells the merchant something once per key (other modules: payouts sent, decline spikes). */
    notify: notifyMerchant,
  };
  return service;
}
