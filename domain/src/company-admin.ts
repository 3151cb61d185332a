import { isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { normalizeIban } from './merchants';
import { CONTRACT_STATUSES, ContractSchema } from './account';
import { isValidGreekTaxId, normalizeGreekPhone, normalizePostalCode } from './greek';
import { CARD_CATEGORIES, CARD_FAMILIES, CardCategorySchema } from './products';
import { DEFAULT_PRICING, type PricingTerms } from './pricing';
import { STREET_ADDRESS_FIELDS } from './delivery-points';

/**
 * The provider's administration of companies, their contracts, the core categories and the leads
 * of the public "become a client / partner merchant" forms (issue 18 §3 and §6,
 * docs/decisions/024-companies-contracts-leads.md).
 */

/** A Greek VAT number (ΑΦΜ) with its check digit; spaces, dots and dashes are dropped. */
export const AfmSchema = z
  .string()
  .trim()
  .max(15)
  .refine((value) => isValidGreekTaxId(value), { message: 'invalid tax id' })
  .transform((value) => value.replace(/[\s.\-/]/g, ''));

const Name = z.string().trim().min(2).max(120);

/** The company's address as the form asks it: street, number, postal code (5 digits), city. */
export const CompanyAddressSchema = z.object({
  ...STREET_ADDRESS_FIELDS,
  postalCode: STREET_ADDRESS_FIELDS.postalCode.transform((value) => normalizePostalCode(value) ?? value),
});
export type CompanyAddress = z.output<typeof CompanyAddressSchema>;

const Cents = (max: number) => z.number().int().min(0).max(max);

/**
 * The company's price terms (`pricing.ts`): card fee per family, the service fee on loads and the
 * delivery fee. VAT is the law's, not the company's, so it is not asked.
 */
export const CompanyPricingSchema = z.object({
  cardFeeCents: z.object(
    Object.fromEntries(CARD_FAMILIES.map((family) => [family, Cents(10_000)])) as Record<
      (typeof CARD_FAMILIES)[number],
      ReturnType<typeof Cents>
    >,
  ),
  /** Basis points: 150 = 1.5 %. */
  serviceFeeBasisPoints: z.number().int().min(0).max(2_000),
  deliveryFeeCents: Cents(10_000),
});
export type CompanyPricing = z.infer<typeof CompanyPricingSchema>;

export const DEFAULT_COMPANY_PRICING: CompanyPricing = {
  cardFeeCents: { ...DEFAULT_PRICING.cardFeeCents },
  serviceFeeBasisPoints: DEFAULT_PRICING.serviceFeeBasisPoints,
  deliveryFeeCents: DEFAULT_PRICING.deliveryFeeCents,
};

/** The full price terms of a company: its own settings over the provider's defaults. */
export function pricingTermsOf(pricing: CompanyPricing | null): PricingTerms {
  return pricing ? { ...DEFAULT_PRICING, ...pricing } : DEFAULT_PRICING;
}

/** The company's settings the provider edits (roles 1 and 2). */
export const CompanySettingsSchema = z.object({
  name: Name,
  address: CompanyAddressSchema,
  /** The products the company may order; at least one. */
  products: z
    .array(CardCategorySchema)
    .min(1)
    .transform((products) => CARD_CATEGORIES.filter((product) => products.includes(product))),
  pricing: CompanyPricingSchema,
  /** Orders above this need a payment manager's approval; null: none do (orders' approval settings). */
  approvalThresholdCents: z.number().int().min(100).max(100_000_000).nullable(),
});
export type CompanySettingsInput = z.input<typeof CompanySettingsSchema>;

/** `POST /api/v1/accounts/createCompany` (role 1): a new customer company, optionally from a lead. */
export const CreateCompanyRequestSchema = CompanySettingsSchema.extend({
  vat: AfmSchema,
  /** The lead this company comes from; it is marked converted in the same transaction. */
  leadId: z.uuid().optional(),
});
export type CreateCompanyRequest = z.input<typeof CreateCompanyRequestSchema>;
export type CreateCompany = z.output<typeof CreateCompanyRequestSchema>;

/** `POST /api/v1/accounts/updateCompany` (roles 1 and 2). The VAT number never changes. */
export const UpdateCompanyRequestSchema = CompanySettingsSchema.extend({
  companyId: z.string().trim().min(1).max(20),
});
export type UpdateCompanyRequest = z.input<typeof UpdateCompanyRequestSchema>;
export type UpdateCompany = z.output<typeof UpdateCompanyRequestSchema>;

/** A company as the back office sees it. */
export const CompanyAdminSchema = z.object({
  companyId: z.string(),
  name: z.string(),
  vat: z.string(),
  address: z.object({
    street: z.string(),
    streetNumber: z.string(),
    postalCode: z.string(),
    city: z.string(),
  }),
  products: z.array(CardCategorySchema),
  pricing: CompanyPricingSchema,
  approvalThresholdCents: z.number().int().nullable(),
  isActive: z.boolean(),
  deactivatedAt: z.string().nullable(),
  deactivationReason: z.string().nullable(),
  createdAt: z.string(),
});
export type CompanyAdmin = z.infer<typeof CompanyAdminSchema>;
export const CompanyAdminResponseSchema = z.object({ success: z.literal(true), company: CompanyAdminSchema });
export type CompanyAdminResponse = z.infer<typeof CompanyAdminResponseSchema>;

/** `POST /api/v1/accounts/getCompanyAdmin` (roles 1 and 2; a deactivated company too). */
export const GetCompanyAdminRequestSchema = z.object({ companyId: z.string().trim().min(1).max(20) });

/** `POST deactivateCompany` / `reactivateCompany` (role 1): always with a reason, for the audit. */
export const CompanyStatusRequestSchema = z.object({
  companyId: z.string().trim().min(1).max(20),
  reason: z.string().trim().min(5).max(500),
});
export type CompanyStatusRequest = z.infer<typeof CompanyStatusRequestSchema>;

/** `POST /api/v1/accounts/createContract` (provider staff, for the company acted for). */
export const CreateContractRequestSchema = z
  .object({
    product: CardCategorySchema,
    contractNumber: z
      .string()
      .trim()
      .min(3)
      .max(30)
      .regex(/^[A-Z0-9-]+$/, { message: 'invalid number' }),
    status: z.enum(CONTRACT_STATUSES),
    signedOn: z.iso.date(),
    validFrom: z.iso.date(),
    validTo: z.iso.date().nullable(),
    cardFeeCents: Cents(10_000),
    loadFeeBasisPoints: z.number().int().min(0).max(2_000),
    paymentTermsDays: z.number().int().min(0).max(120),
  })
  .refine((contract) => contract.validTo === null || contract.validTo >= contract.validFrom, {
    message: 'end before start',
    path: ['validTo'],
  });
export type CreateContractRequest = z.input<typeof CreateContractRequestSchema>;
export const ContractResponseSchema = z.object({ success: z.literal(true), contract: ContractSchema });

/** `POST /api/v1/accounts/updateContractStatus` (provider staff): pending → active → expired. */
export const UpdateContractStatusRequestSchema = z.object({
  contractId: z.uuid(),
  status: z.enum(CONTRACT_STATUSES),
});

// ---------------------------------------------------------------------------------------------
// Core categories (`retrieveCoreCategories`): MCC-based spend categories of MyBenefits rules.

export const CoreCategoryCodeSchema = z
  .string()
  .trim()
  .min(2)
  .max(30)
  .regex(/^[a-z][a-z0-9-]*$/, { message: 'invalid code' });

/** One core category as the back office maintains it (role 1). */
export const CoreCategoryAdminSchema = z.object({
  code: CoreCategoryCodeSchema,
  nameEl: z.string().trim().min(2).max(80),
  nameEn: z.string().trim().min(2).max(80),
  /** ISO 18245 merchant category codes: four digits each. */
  mccCodes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{4}$/, { message: 'invalid mcc' }),
    )
    .min(1)
    .max(200)
    .transform((codes) => [...new Set(codes)].sort()),
});
export type CoreCategoryAdmin = z.output<typeof CoreCategoryAdminSchema>;
export type CoreCategoryAdminInput = z.input<typeof CoreCategoryAdminSchema>;
/** A core category as responses carry it (no transforms: responses are serialised, not parsed). */
export const CoreCategoryViewSchema = z.object({
  code: z.string(),
  nameEl: z.string(),
  nameEn: z.string(),
  mccCodes: z.array(z.string()),
});
export const CoreCategoriesAdminResponseSchema = z.object({
  success: z.literal(true),
  coreCategories: z.array(CoreCategoryViewSchema),
});
export const CoreCategoryResponseSchema = z.object({
  success: z.literal(true),
  coreCategory: CoreCategoryViewSchema,
});

// ---------------------------------------------------------------------------------------------
// Leads (issue 18 §6).

export const LEAD_KINDS = ['client', 'merchant'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEAD_STATUSES = ['new', 'converted', 'rejected'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** `POST /api/content/leads`: the public "become a client / partner merchant" form. */
export const SubmitLeadRequestSchema = z.object({
  kind: z.enum(LEAD_KINDS),
  companyName: Name,
  vat: AfmSchema,
  contactName: z.string().trim().min(2).max(100),
  email: z.email().max(254),
  phone: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .refine((value) => normalizeGreekPhone(value) !== null, { message: 'invalid phone' }),
  /** Employees (a client) or stores (a merchant). */
  size: z.number().int().min(1).max(1_000_000),
  message: z.string().trim().max(2_000).default(''),
  consent: z.literal(true),
  /** The honeypot: hidden from people; a bot that fills it is answered as usual and nothing is kept. */
  website: z.string().max(200).default(''),
});
export type SubmitLeadRequest = z.input<typeof SubmitLeadRequestSchema>;
export type SubmitLead = z.output<typeof SubmitLeadRequestSchema>;
export const SubmitLeadResponseSchema = z.object({ success: z.literal(true), reference: z.string() });

export const LeadSchema = z.object({
  leadId: z.uuid(),
  reference: z.string(),
  kind: z.enum(LEAD_KINDS),
  status: z.enum(LEAD_STATUSES),
  companyName: z.string(),
  vat: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  size: z.number().int(),
  message: z.string(),
  locale: z.enum(['el', 'en']),
  createdAt: z.string(),
  /** What the lead became: `company:C1007` or `merchant:M1004`. */
  convertedTo: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Lead = z.infer<typeof LeadSchema>;

/** `POST /api/v1/accounts/listLeads` (role 1). */
export const ListLeadsRequestSchema = z.object({
  kind: z.enum(LEAD_KINDS).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type ListLeadsRequest = z.input<typeof ListLeadsRequestSchema>;
export const ListLeadsResponseSchema = z.object({
  success: z.literal(true),
  leads: z.array(LeadSchema),
  total: z.number().int(),
});
export type ListLeadsResponse = z.infer<typeof ListLeadsResponseSchema>;
export const LeadResponseSchema = z.object({ success: z.literal(true), lead: LeadSchema });

/** `POST rejectLead` (role 1). */
export const RejectLeadRequestSchema = z.object({ leadId: z.uuid() });

/** `POST convertLeadToMerchant` (role 1): a merchant from the lead, without stores yet. */
export const ConvertLeadToMerchantRequestSchema = z.object({
  leadId: z.uuid(),
  /** A Greek IBAN (payouts go to Greek accounts), checked as the redeemer profile checks it. */
  iban: z
    .string()
    .trim()
    .max(42)
    .transform(normalizeIban)
    .refine((value) => value.startsWith('GR') && isValidIBAN(value), 'not a valid IBAN'),
  /** Fee on sales in basis points, the same for every product the merchant accepts. */
  feeBasisPoints: z.number().int().min(0).max(1_000),
});
export type ConvertLeadToMerchantRequest = z.input<typeof ConvertLeadToMerchantRequestSchema>;
