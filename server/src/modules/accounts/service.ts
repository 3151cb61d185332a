import {
  CORE_CATEGORIES,
  foldForSearch,
  normalizeGreekPhone,
  normalizePostalCode,
  ROLE,
  isProviderRole,
  SERVICE_NOTIFICATION_IDS,
  SERVICE_NOTIFICATION_SCOPE,
  startOfAthensMonth,
  athensDate,
  athensMidnight,
  type Agent,
  type CardPrinting,
  type CompanyUser,
  type Contract,
  type CoreCategoriesResponse,
  type CreateBenefitsRuleRequest,
  type CreateSpendRule,
  type DeliveryPoint,
  type DeliveryPointInput,
  type Locale,
  type PortalNotification,
  type RegisterProfile,
  type RoleId,
  type SearchDeliveryPointsRequest,
  type DeliveryPointsResponse,
  type SpendRule,
  type TrzContract,
  type UpdateCardPrintingRequest,
  type UpdateManager,
  type UpdateTrzContract,
  type User,
} from '@tessera/domain';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CardsService } from '../cards/service';
import type { ContentService } from '../content/service';
import type { IdentityService } from '../identity/service';
import {
  deliveryPointsExist,
  findAgents,
  findCardPrinting,
  findContracts,
  findDeliveryPoint,
  findDeliveryPointByAddress,
  findReads,
  findSpendRules,
  findTrzContract,
  insertDeliveryPoint,
  insertSpendRule,
  markSpendRuleDeleted,
  searchDeliveryPoints,
  upsertCardPrinting,
  upsertReads,
  upsertTrzContract,
  type DeliveryPointRow,
  type SpendRuleRow,
} from './repository';

export type AccountsService = ReturnType<typeof createAccountsService>;
export type AccountActor = {
  userId: string;
  roleId: RoleId;
  companyId: string;
  /** The companies the acting user works for (empty for provider staff). */
  relatedCompanyIds: readonly string[];
  requestId?: string;
};

const COMPANY_USER_ROLES: readonly number[] = [ROLE.ORDER_MANAGER, ROLE.FINANCE_USER, ROLE.PAYMENT_MANAGER];

const NotificationTextsSchema = z.record(z.string(), z.object({ title: z.string(), excerpt: z.string() }));

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

function toSpendRule(row: SpendRuleRow): SpendRule {
  return {
    ruleId: row.id,
    product: row.product,
    name: row.name,
    target: row.target,
    period: row.period,
    limitCents: row.limitCents,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ?? '',
  };
}

function toCompanyUser(user: User): CompanyUser {
  return {
    userId: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    jobTitle: user.jobTitle,
    userRoleId: user.userRoleId,
    isConfirmed: user.isConfirmed,
    isLocked: user.isLocked,
  };
}

/**
 * The company's account (SPEC §7 accounts service): delivery points, card printing, spend rules,
 * contracts, the company's people and the provider's agents, and notifications. Routes resolve the
 * company and the role before calling; every write is audited with the company acted for.
 */
export function createAccountsService(deps: {
  db: Db;
  cards: CardsService;
  content: ContentService;
  identity: IdentityService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  function audit(
    actor: AccountActor,
    action: string,
    entity: string,
    entityId: string,
    before: unknown,
    after: unknown,
  ) {
    return writeAudit(deps.db, {
      actorUserId: actor.userId,
      companyId: actor.companyId,
      action,
      entity,
      entityId,
      before,
      after,
      requestId: actor.requestId,
    });
  }

  async function insertPoint(input: DeliveryPointInput, actor: AccountActor): Promise<DeliveryPoint> {
    return deps.db.transaction(async (tx) => {
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
      await writeAudit(tx, {
        actorUserId: actor.userId,
        companyId: actor.companyId,
        action: 'delivery-point.create',
        entity: 'delivery-point',
        entityId: row.id,
        after: values,
        requestId: actor.requestId,
      });
      return toDeliveryPoint(row);
    });
  }

  return {
    // ------------------------------------------------------------------ delivery points

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
      actor: AccountActor,
    ): Promise<{ deliveryPoint: DeliveryPoint; existing: boolean }> {
      const found = await findDeliveryPointByAddress(deps.db, actor.companyId, addressKey(input));
      if (found) return { deliveryPoint: toDeliveryPoint(found), existing: true };
      return { deliveryPoint: await insertPoint(input, actor), existing: false };
    },

    // ------------------------------------------------------------------ card printing

    async getCardPrinting(companyId: string): Promise<CardPrinting> {
      const row = await findCardPrinting(deps.db, companyId);
      return {
        embossLine: row?.embossLine ?? '',
        printLogo: row?.printLogo ?? false,
        carrierMessage: row?.carrierMessage ?? '',
        defaultDeliveryPointId: row?.defaultDeliveryPointId ?? null,
        printEmployeeCode: row?.printEmployeeCode ?? false,
        updatedAt: row?.updatedAt?.toISOString() ?? null,
      };
    },

    async updateCardPrinting(request: UpdateCardPrintingRequest, actor: AccountActor): Promise<CardPrinting> {
      if (
        request.defaultDeliveryPointId &&
        !(await deliveryPointsExist(deps.db, actor.companyId, [request.defaultDeliveryPointId]))
      ) {
        throw new AppError('VALIDATION', 'delivery point of another company', {
          fields: [{ field: 'defaultDeliveryPointId', key: 'invalidChoice' }],
        });
      }
      const before = await this.getCardPrinting(actor.companyId);
      await upsertCardPrinting(deps.db, {
        companyId: actor.companyId,
        ...request,
        updatedBy: actor.userId,
        updatedAt: now(),
      });
      const after = await this.getCardPrinting(actor.companyId);
      await audit(actor, 'card-printing.update', 'card-printing', actor.companyId, before, after);
      return after;
    },

    // ------------------------------------------------------------------ spend rules

    async spendRules(companyId: string, product: 'SPENDEO' | 'MY_BENEFITS'): Promise<SpendRule[]> {
      return (await findSpendRules(deps.db, companyId, product)).map(toSpendRule);
    },

    coreCategories(locale: Locale): CoreCategoriesResponse['coreCategories'] {
      return CORE_CATEGORIES.map((category) => ({ code: category.code, name: category[locale] }));
    },

    async createSpendRule(request: CreateSpendRule, actor: AccountActor): Promise<SpendRule> {
      const row = await insertSpendRule(deps.db, {
        companyId: actor.companyId,
        product: 'SPENDEO',
        name: request.name,
        target: request.target,
        period: request.period,
        limitCents: request.blocked ? null : (request.limitCents ?? null),
        createdBy: actor.userId,
      });
      await audit(actor, 'spend-rule.create', 'spend-rule', row.id, null, toSpendRule(row));
      return toSpendRule(row);
    },

    /** A MyBenefits monthly allowance for a core category; a newer one replaces the older. */
    async createBenefitsRule(
      request: CreateBenefitsRuleRequest,
      actor: AccountActor,
      locale: Locale,
    ): Promise<SpendRule> {
      const existing = (await findSpendRules(deps.db, actor.companyId, 'MY_BENEFITS')).filter(
        (rule) => rule.target.kind === 'core' && rule.target.coreCategory === request.coreCategory,
      );
      for (const rule of existing) await markSpendRuleDeleted(deps.db, actor.companyId, rule.id);
      const name = CORE_CATEGORIES.find((category) => category.code === request.coreCategory)![locale];
      const row = await insertSpendRule(deps.db, {
        companyId: actor.companyId,
        product: 'MY_BENEFITS',
        name,
        target: { kind: 'core', coreCategory: request.coreCategory },
        period: 'month',
        limitCents: request.monthlyLimitCents,
        createdBy: actor.userId,
      });
      await audit(
        actor,
        'spend-rule.create',
        'spend-rule',
        row.id,
        existing.map(toSpendRule),
        toSpendRule(row),
      );
      return toSpendRule(row);
    },

    async deleteSpendRule(ruleId: string, actor: AccountActor): Promise<void> {
      const row = await markSpendRuleDeleted(deps.db, actor.companyId, ruleId);
      if (!row) throw new AppError('NOT_FOUND', `no spend rule ${ruleId}`);
      await audit(actor, 'spend-rule.delete', 'spend-rule', ruleId, toSpendRule(row), null);
    },

    // ------------------------------------------------------------------ contracts

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

    async trzContract(companyId: string): Promise<TrzContract> {
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
    },

    async updateTrzContract(request: UpdateTrzContract, actor: AccountActor): Promise<TrzContract> {
      const before = await this.trzContract(actor.companyId);
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
      const after = await this.trzContract(actor.companyId);
      await audit(actor, 'trz-contract.update', 'trz-contract', actor.companyId, before, after);
      return after;
    },

    // ------------------------------------------------------------------ people

    async userList(companyId: string): Promise<CompanyUser[]> {
      const users = await deps.identity.companyUsers(companyId);
      return users
        .filter((user) => COMPANY_USER_ROLES.includes(user.userRoleId))
        .sort((a, b) => a.userRoleId - b.userRoleId || a.lastName.localeCompare(b.lastName, 'el'))
        .map(toCompanyUser);
    },

    async agents(companyId: string): Promise<Agent[]> {
      const rows = await findAgents(deps.db, companyId);
      const users = await deps.identity.usersByIds(rows.map((row) => row.userId));
      return rows.flatMap((row) => {
        const user = users.find((candidate) => candidate.userId === row.userId);
        return user
          ? [
              {
                userId: user.userId,
                firstName: user.firstName,
                lastName: user.lastName,
                email: user.email,
                phone: user.phone,
                kind: row.kind,
              },
            ]
          : [];
      });
    },

    async updateManager(request: UpdateManager, actor: AccountActor): Promise<CompanyUser> {
      const colleagues = await deps.identity.companyUsers(actor.companyId);
      const target = colleagues.find((user) => user.userId === request.userId);
      if (!target || !COMPANY_USER_ROLES.includes(target.userRoleId)) {
        throw new AppError('NOT_FOUND', `user ${request.userId} is not a manager of ${actor.companyId}`);
      }
      if (target.userId === actor.userId && target.userRoleId !== request.userRoleId) {
        throw new AppError('BUSINESS_RULE', 'users cannot change their own role');
      }
      // A user has one role across their companies (ADR 012): a company's manager may change it, and
      // the person's details, only when every company of that user is one the manager works for
      // too; otherwise the change would reach into a company they do not manage (issue 12 §2).
      const outside = target.relatedCompanies
        .map((company) => company.companyId)
        .filter((companyId) => !actor.relatedCompanyIds.includes(companyId));
      if (!isProviderRole(actor.roleId) && outside.length > 0) {
        throw new AppError('BUSINESS_RULE', `user ${target.userId} also works for ${outside.join(', ')}`, {
          fields: [{ field: 'userId', key: 'userOfOtherCompanies' }],
        });
      }
      const user = await deps.identity.updateProfile(
        request.userId,
        {
          firstName: request.firstName,
          lastName: request.lastName,
          phone: request.phone ? (normalizeGreekPhone(request.phone) ?? request.phone) : '',
          jobTitle: request.jobTitle,
          userRoleId: request.userRoleId,
        },
        actor,
      );
      return toCompanyUser(user);
    },

    async registerProfile(request: RegisterProfile, actor: AccountActor): Promise<CompanyUser> {
      const user = await deps.identity.createUser(
        {
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
          phone: request.phone ? (normalizeGreekPhone(request.phone) ?? request.phone) : '',
          jobTitle: request.jobTitle,
          userRoleId: request.userRoleId,
          companyIds: [actor.companyId],
          preferredLanguage: request.preferredLanguage,
        },
        actor,
      );
      return toCompanyUser(user);
    },

    // ------------------------------------------------------------------ notifications

    /**
     * The service-generated notifications of the company (SPEC §3 ids): one per kind with cards
     * to act on, titled in `locale`, read when the user read it after it last appeared.
     */
    async serviceNotifications(
      companyId: string,
      userId: string,
      locale: Locale,
    ): Promise<PortalNotification[]> {
      const at = now();
      const [summaries, textsRaw, reads] = await Promise.all([
        deps.cards.summaries(companyId),
        deps.content.getEntry('notification-texts', locale),
        findReads(deps.db, userId),
      ]);
      const texts = NotificationTextsSchema.parse(textsRaw);
      const dayStart = athensMidnight(athensDate(at));
      const monthStart = startOfAthensMonth(at);
      const prefix = locale === 'en' ? '/en' : '';
      return SERVICE_NOTIFICATION_IDS.flatMap((id): PortalNotification[] => {
        const scope = SERVICE_NOTIFICATION_SCOPE[id];
        const count = summaries
          .filter((row) => row.product === scope.category && row.family === scope.family)
          .reduce((sum, row) => sum + (scope.kind === 'expiring' ? row.expiringSoon : row.readyToTopUp), 0);
        if (count === 0) return [];
        const text = texts[id] ?? { title: id, excerpt: '{count}' };
        const since = scope.kind === 'expiring' ? dayStart : monthStart;
        const read = reads.some((entry) => entry.notificationId === id && entry.readAt >= since);
        const query = new URLSearchParams({
          [scope.kind === 'expiring' ? 'expiringSoon' : 'readyToTopUp']: 'true',
          product: scope.category,
          family: scope.family,
        });
        const url = `/card-list?${query.toString()}`;
        return [
          {
            nid: id,
            expiring: scope.kind === 'expiring',
            logo: scope.category === 'TICKET_RESTAURANT' ? 'ticket-restaurant' : scope.category.toLowerCase(),
            title: text.title,
            excerpt: text.excerpt.replaceAll('{count}', String(count)),
            link: {
              id,
              pageType: 'cardList',
              title: text.title,
              url,
              href: `${prefix}${url}`,
              target: '_self',
              isExternalPage: false,
            },
            read,
            notificationDateTime: since.toISOString(),
            count,
          },
        ];
      });
    },

    async readNotificationIds(userId: string): Promise<string[]> {
      return (await findReads(deps.db, userId)).map((entry) => entry.notificationId);
    },

    async markNotificationsRead(userId: string, ids: string[]): Promise<void> {
      await upsertReads(deps.db, userId, [...new Set(ids)], now());
    },
  };
}
