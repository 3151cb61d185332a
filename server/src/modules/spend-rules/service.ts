import {
  type CoreCategoryAdmin,
  type CoreCategoriesResponse,
  type CreateBenefitsRuleRequest,
  type CreateSpendRule,
  type Locale,
  type SpendRule,
} from '@tessera/domain';
import { auditChange, writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { ServiceActor } from '../../platform/policy';
import {
  findCoreCategories,
  findCoreCategory,
  findSpendRules,
  insertSpendRule,
  markSpendRuleDeleted,
  upsertCoreCategory,
  type CoreCategoryRow,
  type SpendRuleRow,
} from './repository';

function toCoreCategoryAdmin(row: CoreCategoryRow): CoreCategoryAdmin {
  return { code: row.code, nameEl: row.nameEl, nameEn: row.nameEn, mccCodes: row.mccCodes };
}

export type SpendRulesService = ReturnType<typeof createSpendRulesService>;

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

/**
 * The company's spend rules (SPEC §7 accounts service): Spendeo limits and blocks, MyBenefits
 * monthly allowances per core category. Routes resolve the company and the role before calling;
 * every write is audited with the company acted for.
 */
export function createSpendRulesService(deps: { db: Db }) {
  function audit(
    actor: ServiceActor,
    action: string,
    entityId: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return auditChange(deps.db, actor, {
      action,
      entity: 'spend-rule',
      entityId,
      before,
      after,
    });
  }

  return {
    /** The company's live rules of a product, newest first. */
    async spendRules(companyId: string, product: 'SPENDEO' | 'MY_BENEFITS'): Promise<SpendRule[]> {
      return (await findSpendRules(deps.db, companyId, product)).map(toSpendRule);
    },

    /** The MyBenefits core categories (the table role 1 maintains), named in `locale`. */
    async coreCategories(locale: Locale): Promise<CoreCategoriesResponse['coreCategories']> {
      return (await findCoreCategories(deps.db)).map((row) => ({
        code: row.code,
        name: locale === 'en' ? row.nameEn : row.nameEl,
      }));
    },

    /** The core categories with both names and their MCC codes (role 1's page). */
    async coreCategoriesAdmin(): Promise<CoreCategoryAdmin[]> {
      return (await findCoreCategories(deps.db)).map(toCoreCategoryAdmin);
    },

    /** Adds or changes a core category (role 1), audited in the same transaction. */
    async saveCoreCategory(
      category: CoreCategoryAdmin,
      actor: { userId: string; companyId: string | null; requestId: string },
    ): Promise<CoreCategoryAdmin> {
      return deps.db.transaction(async (tx) => {
        const before = await findCoreCategory(tx, category.code);
        const after = toCoreCategoryAdmin(await upsertCoreCategory(tx, category));
        await writeAudit(tx, {
          actorUserId: actor.userId,
          companyId: null,
          requestId: actor.requestId,
          action: before ? 'core-category.update' : 'core-category.create',
          entity: 'core-category',
          entityId: category.code,
          before: before ? toCoreCategoryAdmin(before) : null,
          after,
        });
        return after;
      });
    },

    /** A Spendeo rule: a limit, or a block (no limit). */
    async createSpendRule(request: CreateSpendRule, actor: ServiceActor): Promise<SpendRule> {
      const row = await insertSpendRule(deps.db, {
        companyId: actor.companyId,
        product: 'SPENDEO',
        name: request.name,
        target: request.target,
        period: request.period,
        limitCents: request.blocked ? null : (request.limitCents ?? null),
        createdBy: actor.userId,
      });
      await audit(actor, 'spend-rule.create', row.id, null, toSpendRule(row));
      return toSpendRule(row);
    },

    /** A MyBenefits monthly allowance for a core category; a newer one replaces the older. */
    async createBenefitsRule(
      request: CreateBenefitsRuleRequest,
      actor: ServiceActor,
      locale: Locale,
    ): Promise<SpendRule> {
      const category = await findCoreCategory(deps.db, request.coreCategory);
      if (!category) {
        throw new AppError('VALIDATION', `no core category ${request.coreCategory}`, {
          fields: [{ field: 'coreCategory', key: 'invalidChoice' }],
        });
      }
      const existing = (await findSpendRules(deps.db, actor.companyId, 'MY_BENEFITS')).filter(
        (rule) => rule.target.kind === 'core' && rule.target.coreCategory === request.coreCategory,
      );
      for (const rule of existing) await markSpendRuleDeleted(deps.db, actor.companyId, rule.id);
      const name = locale === 'en' ? category.nameEn : category.nameEl;
      const row = await insertSpendRule(deps.db, {
        companyId: actor.companyId,
        product: 'MY_BENEFITS',
        name,
        target: { kind: 'core', coreCategory: request.coreCategory },
        period: 'month',
        limitCents: request.monthlyLimitCents,
        createdBy: actor.userId,
      });
      await audit(actor, 'spend-rule.create', row.id, existing.map(toSpendRule), toSpendRule(row));
      return toSpendRule(row);
    },

    /** Marks a rule of the company deleted; NOT_FOUND for an unknown one or one of another company. */
    async deleteSpendRule(ruleId: string, actor: ServiceActor): Promise<void> {
      const row = await markSpendRuleDeleted(deps.db, actor.companyId, ruleId);
      if (!row) throw new AppError('NOT_FOUND', `no spend rule ${ruleId}`);
      await audit(actor, 'spend-rule.delete', ruleId, toSpendRule(row), null);
    },
  };
}
