import { z } from 'zod';
import { PhoneSchema } from './cards';
import { CardCategorySchema } from './products';
import { LocaleSchema, RoleIdSchema } from './identity';
import { ROLE } from './roles';
import { SERVICE_NOTIFICATION_IDS } from './products';

/**
 * The company account (SPEC §2 account pages, §7 accounts service): card printing, contracts and the
 * TRZ contract, the company's managers and the provider's agents, the signed-in user, notification
 * status and per-user notification read state.
 */

// ---------------------------------------------------------------------------------------------
// Card printing (/account/card-printing).

/** Characters an embossing machine prints: Latin capitals, digits, space and . - & ' */
export const EMBOSS_PATTERN = /^[A-Z0-9 .&'-]*$/;
export const CardPrintingSchema = z.object({
  /** The company line embossed under the cardholder's name. */
  embossLine: z.string(),
  /** Print the company logo on the front of plastic cards. */
  printLogo: z.boolean(),
  /** Text of the carrier letter that comes with each card. */
  carrierMessage: z.string(),
  /** Where new plastic cards go unless an order says otherwise. */
  defaultDeliveryPointId: z.uuid().nullable(),
  /** Print the employee code on the carrier letter (helps HR hand out cards). */
  printEmployeeCode: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CardPrinting = z.infer<typeof CardPrintingSchema>;
export const UpdateCardPrintingRequestSchema = z.object({
  embossLine: z.string().trim().max(21).regex(EMBOSS_PATTERN, { message: 'emboss characters' }),
  printLogo: z.boolean(),
  carrierMessage: z.string().trim().max(300),
  defaultDeliveryPointId: z.uuid().nullable(),
  printEmployeeCode: z.boolean(),
});
export type UpdateCardPrintingRequest = z.infer<typeof UpdateCardPrintingRequestSchema>;
export const CardPrintingResponseSchema = z.object({
  success: z.literal(true),
  cardPrinting: CardPrintingSchema,
});
export type CardPrintingResponse = z.infer<typeof CardPrintingResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Contracts (`contracts`, `retrieveTrzContract`, `updateTrzContract`).

export const CONTRACT_STATUSES = ['active', 'expired', 'pending'] as const;
export const ContractSchema = z.object({
  contractId: z.uuid(),
  contractNumber: z.string(),
  product: CardCategorySchema,
  status: z.enum(CONTRACT_STATUSES),
  signedOn: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  /** Fee per new card, in cents. */
  cardFeeCents: z.number().int(),
  /** Fee on loads, in basis points (1/100 of a percent). */
  loadFeeBasisPoints: z.number().int(),
  paymentTermsDays: z.number().int(),
});
export type Contract = z.infer<typeof ContractSchema>;
export const ContractsResponseSchema = z.object({
  success: z.literal(true),
  contracts: z.array(ContractSchema),
});
export type ContractsResponse = z.infer<typeof ContractsResponseSchema>;

/**
 * The TRZ contract: the virtual Ticket Restaurant card's terms the company manages itself — the
 * daily meal allowance per employee, the day of the month loads are due and the invoice email.
 */
export const TrzContractSchema = z.object({
  contractNumber: z.string(),
  status: z.enum(['not_signed', 'active']),
  dailyAllowanceCents: z.number().int(),
  monthlyLoadDay: z.number().int(),
  invoiceEmail: z.string(),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
});
export type TrzContract = z.infer<typeof TrzContractSchema>;
export const TrzContractResponseSchema = z.object({
  success: z.literal(true),
  trzContract: TrzContractSchema,
});
export type TrzContractResponse = z.infer<typeof TrzContractResponseSchema>;
export const UpdateTrzContractRequestSchema = z.object({
  /** Up to the tax-free daily meal allowance. */
  dailyAllowanceCents: z.number().int().min(100).max(1_000),
  monthlyLoadDay: z.number().int().min(1).max(28),
  invoiceEmail: z.email().max(254),
  /** Accepting signs the contract (from `not_signed` to `active`). */
  accept: z.boolean().default(false),
});
export type UpdateTrzContractRequest = z.input<typeof UpdateTrzContractRequestSchema>;
export type UpdateTrzContract = z.output<typeof UpdateTrzContractRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The company's users and the provider's agents.

export const COMPANY_USER_ROLES = [ROLE.ORDER_MANAGER, ROLE.FINANCE_USER, ROLE.PAYMENT_MANAGER] as const;
export const CompanyUserSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  jobTitle: z.string(),
  userRoleId: RoleIdSchema,
  isConfirmed: z.boolean(),
  isLocked: z.boolean(),
});
export type CompanyUser = z.infer<typeof CompanyUserSchema>;
/** `GET userList`: the company's users of roles 3–5. */
export const UserListResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(CompanyUserSchema),
});
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

export const AGENT_KINDS = ['account_manager', 'customer_care'] as const;
export const AgentSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  kind: z.enum(AGENT_KINDS),
});
export type Agent = z.infer<typeof AgentSchema>;
/** `GET retrieveAgents`: the provider's people assigned to the company. */
export const AgentsResponseSchema = z.object({ success: z.literal(true), agents: z.array(AgentSchema) });
export type AgentsResponse = z.infer<typeof AgentsResponseSchema>;

/** `POST updateManager` (order manager): a colleague's contact details and role. */
export const UpdateManagerRequestSchema = z.object({
  userId: z.uuid(),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone: PhoneSchema.default(''),
  jobTitle: z.string().trim().max(80).default(''),
  userRoleId: z.literal(COMPANY_USER_ROLES),
});
export type UpdateManagerRequest = z.input<typeof UpdateManagerRequestSchema>;
export type UpdateManager = z.output<typeof UpdateManagerRequestSchema>;

/** `POST registerProfile` (order manager): invites a colleague; they set a password from the email. */
export const RegisterProfileRequestSchema = z.object({
  email: z.email().max(254),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone: PhoneSchema.default(''),
  jobTitle: z.string().trim().max(80).default(''),
  userRoleId: z.literal(COMPANY_USER_ROLES),
  preferredLanguage: LocaleSchema.default('el'),
});
export type RegisterProfileRequest = z.input<typeof RegisterProfileRequestSchema>;
export type RegisterProfile = z.output<typeof RegisterProfileRequestSchema>;
export const CompanyUserResponseSchema = z.object({ success: z.literal(true), user: CompanyUserSchema });
export type CompanyUserResponse = z.infer<typeof CompanyUserResponseSchema>;

/** `GET retrieveUserByToken`: the signed-in user as the accounts service knows them. */
export const UserByTokenResponseSchema = z.object({
  success: z.literal(true),
  userId: z.uuid(),
  userRoleId: RoleIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  jobTitle: z.string(),
  preferredLanguage: LocaleSchema,
  relatedCompanies: z.array(z.object({ companyId: z.string() })),
});
export type UserByTokenResponse = z.infer<typeof UserByTokenResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Notification status and service notifications (SPEC §3, §7).

const Count = z.number().int().min(0);
/** `GET /api/v1/accounts/notificationStatus`: fields exactly as SPEC §3 names them. */
export const NotificationStatusResponseSchema = z.object({
  success: z.literal(true),
  soonToExpireCards: z.object({ plastic: Count, virtual: Count }),
  spendeo: z.object({ soonToExpireCards: Count, readyToTopUpCards: Count }),
  myBenefits: z.object({ soonToExpireCards: Count, readyToTopUpCards: Count }),
  readyToTopUpCards: z.object({ plastic: Count, virtual: Count }),
});
export type NotificationStatusResponse = z.infer<typeof NotificationStatusResponseSchema>;

/** A notification as the bell and /notifications show it (SPEC §3 Notification). */
export const PortalNotificationSchema = z.object({
  nid: z.string(),
  expiring: z.boolean(),
  logo: z.string(),
  title: z.string(),
  excerpt: z.string(),
  link: z.object({
    id: z.string(),
    pageType: z.string(),
    title: z.string(),
    url: z.string(),
    href: z.string(),
    target: z.string(),
    isExternalPage: z.boolean(),
  }),
  read: z.boolean(),
  notificationDateTime: z.string(),
  /** How many cards it speaks of (service notifications). */
  count: z.number().int().optional(),
});
export type PortalNotification = z.infer<typeof PortalNotificationSchema>;

/** `GET retrieveNotifications`: the service-generated notifications of the company (ids of SPEC §3). */
export const ServiceNotificationIdSchema = z.enum(SERVICE_NOTIFICATION_IDS);
export const NotificationsResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(PortalNotificationSchema),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

/** `GET notifications/read`: the ids this user has read, on any browser. */
export const ReadNotificationsResponseSchema = z.object({
  success: z.literal(true),
  readIds: z.array(z.string()),
});
export type ReadNotificationsResponse = z.infer<typeof ReadNotificationsResponseSchema>;
/** `POST notifications/mark-read`. */
export const MarkNotificationsReadRequestSchema = z.object({
  ids: z.array(z.string().trim().min(1).max(100)).min(1).max(200),
});
export type MarkNotificationsReadRequest = z.infer<typeof MarkNotificationsReadRequestSchema>;
