import { z } from 'zod';
import { RoleIdSchema } from './identity';
import { DateOnlySchema } from './text';

/**
 * Acting for a company or merchant, and the audit log (issue 18, docs/decisions/027-acting-and-audit.md).
 */

/** The reason provider staff type when they start acting for a company or merchant. */
export const ACTING_REASON_MIN = 5;
export const ACTING_REASON_MAX = 300;
export const ActingReasonSchema = z.string().trim().min(ACTING_REASON_MIN).max(ACTING_REASON_MAX);

/** `POST /api/v1/merchants/actForMerchant`: provider staff start acting for a merchant. */
export const ActForMerchantRequestSchema = z.object({
  merchantId: z.string().trim().min(1).max(64),
  reason: ActingReasonSchema,
});
export type ActForMerchantRequest = z.infer<typeof ActForMerchantRequestSchema>;

/** What provider staff act for now (`GET /api/v1/accounts/acting`). */
export const ActingSchema = z.object({
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  merchantId: z.string().nullable(),
  merchantName: z.string().nullable(),
  reason: z.string().nullable(),
  since: z.string().nullable(),
});
export type Acting = z.infer<typeof ActingSchema>;
export const ActingResponseSchema = z.object({ success: z.literal(true), acting: ActingSchema });
export type ActingResponse = z.infer<typeof ActingResponseSchema>;

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one export holds (a narrower filter gets the rest). */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** Filters of the audit log (query string of the list and the export). */
export const AuditQuerySchema = z.object({
  /** Who: part of a name or an email, or a user id. */
  person: z.string().trim().max(200).optional(),
  companyId: z.string().trim().max(40).optional(),
  merchantId: z.string().trim().max(64).optional(),
  /** The kind of entity changed (`order`, `card`, `user`…). */
  entity: z.string().trim().max(60).optional(),
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  lang: z.enum(['el', 'en']).optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRoleId: RoleIdSchema.nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  merchantId: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  actingReason: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The kinds of entity the log holds, for the filter. */
  entities: z.array(z.string()),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;
