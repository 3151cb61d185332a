import { z } from 'zod';

/**
 * Spend rules (SPEC §7: createSpendRule and its benefits variant, retrieveCompanySpendRules,
 * retrieveMyBenefitsRules, retrieveCoreCategories). Spendeo rules limit spending by merchant
 * category, by merchant or by period; MyBenefits rules give each core benefit category a monthly
 * allowance. Viewable by every company role, written by the order manager.
 */

/** Merchant categories a Spendeo rule can limit or block. */
export const SPEND_CATEGORIES = [
  'groceries',
  'restaurants',
  'fuel',
  'transport',
  'travel',
  'accommodation',
  'office',
  'electronics',
  'online',
  'entertainment',
] as const;
export type SpendCategory = (typeof SPEND_CATEGORIES)[number];

export const SPEND_PERIODS = ['transaction', 'day', 'week', 'month'] as const;
export type SpendPeriod = (typeof SPEND_PERIODS)[number];

const LimitCents = z.number().int().min(100).max(10_000_000);

/** A Spendeo rule: what it targets and the limit (or a block). */
export const SpendRuleTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('category'), category: z.enum(SPEND_CATEGORIES) }),
  z.object({ kind: z.literal('merchant'), merchant: z.string().trim().min(2).max(100) }),
  z.object({ kind: z.literal('period') }),
]);
export type SpendRuleTarget = z.infer<typeof SpendRuleTargetSchema>;

export const SpendRuleSchema = z.object({
  ruleId: z.uuid(),
  product: z.enum(['SPENDEO', 'MY_BENEFITS']),
  name: z.string(),
  target: z.union([SpendRuleTargetSchema, z.object({ kind: z.literal('core'), coreCategory: z.string() })]),
  period: z.enum(SPEND_PERIODS),
  /** null: the target is blocked altogether. */
  limitCents: z.number().int().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type SpendRule = z.infer<typeof SpendRuleSchema>;

/** `POST createSpendRule` (Spendeo). */
export const CreateSpendRuleRequestSchema = z
  .object({
    name: z.string().trim().min(2).max(80),
    target: SpendRuleTargetSchema,
    period: z.enum(SPEND_PERIODS),
    blocked: z.boolean().default(false),
    limitCents: LimitCents.optional(),
  })
  .refine((rule) => rule.blocked || rule.limitCents !== undefined, {
    message: 'limit required',
    path: ['limitCents'],
  })
  .refine((rule) => !(rule.blocked && rule.target.kind === 'period'), {
    message: 'a period rule cannot block',
    path: ['blocked'],
  });
export type CreateSpendRuleRequest = z.input<typeof CreateSpendRuleRequestSchema>;
export type CreateSpendRule = z.output<typeof CreateSpendRuleRequestSchema>;

/**
 * MyBenefits core categories (`retrieveCoreCategories`), names per culture: the first list, which
 * migration 0016 put in the `core_categories` table role 1 now maintains (ADR 024).
 */
export const CORE_CATEGORIES = [
  { code: 'food', el: 'Τρόφιμα και σούπερ μάρκετ', en: 'Food and groceries' },
  { code: 'health', el: 'Υγεία και φαρμακεία', en: 'Health and pharmacies' },
  { code: 'education', el: 'Εκπαίδευση και βιβλία', en: 'Education and books' },
  { code: 'transport', el: 'Μετακινήσεις', en: 'Transport' },
  { code: 'fuel', el: 'Καύσιμα', en: 'Fuel' },
  { code: 'childcare', el: 'Παιδική φροντίδα', en: 'Childcare' },
  { code: 'wellbeing', el: 'Άθληση και ευεξία', en: 'Sport and wellbeing' },
  { code: 'culture', el: 'Πολιτισμός και ψυχαγωγία', en: 'Culture and leisure' },
] as const;
export type CoreCategoryCode = (typeof CORE_CATEGORIES)[number]['code'];
export const CORE_CATEGORY_CODES = CORE_CATEGORIES.map((c) => c.code) as [
  CoreCategoryCode,
  ...CoreCategoryCode[],
];

export const CoreCategoriesResponseSchema = z.object({
  success: z.literal(true),
  coreCategories: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type CoreCategoriesResponse = z.infer<typeof CoreCategoriesResponseSchema>;

/** `POST createBenefitsSpendRule` (MyBenefits): a monthly allowance for one core category. */
export const CreateBenefitsRuleRequestSchema = z.object({
  /** A code of the `core_categories` table (the service refuses an unknown one: invalidChoice). */
  coreCategory: z.string().trim().min(1).max(30),
  monthlyLimitCents: LimitCents,
});
export type CreateBenefitsRuleRequest = z.infer<typeof CreateBenefitsRuleRequestSchema>;

export const SpendRuleResponseSchema = z.object({ success: z.literal(true), rule: SpendRuleSchema });
export type SpendRuleResponse = z.infer<typeof SpendRuleResponseSchema>;
export const SpendRulesResponseSchema = z.object({
  success: z.literal(true),
  rules: z.array(SpendRuleSchema),
});
export type SpendRulesResponse = z.infer<typeof SpendRulesResponseSchema>;

/** `POST deleteSpendRule` (order manager). */
export const DeleteSpendRuleRequestSchema = z.object({ ruleId: z.uuid() });
