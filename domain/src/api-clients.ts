import { z } from 'zod';

/**
 * API clients of a company (issue 22 §1, ADR 034): OAuth 2 client credentials an order manager
 * creates for the company's own systems. The secret is shown once, stored hashed, rotated with an
 * overlap window and revoked; every call of the public API (`/api/public/v1/...`) names a scope.
 */
export const API_SCOPES = ['cards:read', 'cards:write', 'orders:read', 'orders:write', 'webhooks'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const ApiScopeSchema = z.enum(API_SCOPES);

/** The longest overlap a rotation may give the old secret: one week. */
export const API_SECRET_MAX_OVERLAP_HOURS = 168;
export const API_SECRET_DEFAULT_OVERLAP_HOURS = 24;

/** A client's public id on the wire (`tc_…`); the secret never appears in any listing. */
const ClientIdSchema = z.string().trim().min(1).max(60);

export const ApiClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(ApiScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'revoked']),
  /** When the previous secret stops working after a rotation; null when only one secret works. */
  previousSecretExpiresAt: z.string().nullable(),
});
export type ApiClient = z.infer<typeof ApiClientSchema>;

export const ApiClientsResponseSchema = z.object({
  success: z.literal(true),
  clients: z.array(ApiClientSchema),
});
export type ApiClientsResponse = z.infer<typeof ApiClientsResponseSchema>;

export const CreateApiClientRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  // Each scope once: a repeated scope is refused (invalidValue on `scopes`).
  scopes: z
    .array(ApiScopeSchema)
    .min(1)
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length),
});
export type CreateApiClientRequest = z.infer<typeof CreateApiClientRequestSchema>;

/** A new client with its secret: the only time the secret is shown. */
export const ApiClientSecretResponseSchema = z.object({
  success: z.literal(true),
  client: ApiClientSchema,
  clientSecret: z.string(),
});
export type ApiClientSecretResponse = z.infer<typeof ApiClientSecretResponseSchema>;

export const RotateApiClientSecretRequestSchema = z.object({
  clientId: ClientIdSchema,
  /** How long the old secret, and the access tokens bought with it, keep working: 0 ends them at once. */
  overlapHours: z
    .number()
    .int()
    .min(0)
    .max(API_SECRET_MAX_OVERLAP_HOURS)
    .default(API_SECRET_DEFAULT_OVERLAP_HOURS),
});
export type RotateApiClientSecretRequest = z.input<typeof RotateApiClientSecretRequestSchema>;

export const RevokeApiClientRequestSchema = z.object({ clientId: ClientIdSchema });
export type RevokeApiClientRequest = z.infer<typeof RevokeApiClientRequestSchema>;

export const ApiClientResponseSchema = z.object({ success: z.literal(true), client: ApiClientSchema });
export type ApiClientResponse = z.infer<typeof ApiClientResponseSchema>;

/** RFC 6749 §4.4.2: the token request (form or JSON body; credentials by HTTP Basic or the body). */
export const ApiTokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  /** Space-separated subset of the client's scopes; all of them when absent. */
  scope: z.string().max(200).optional(),
});
export type ApiTokenRequest = z.infer<typeof ApiTokenRequestSchema>;

export const ApiTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type ApiTokenResponse = z.infer<typeof ApiTokenResponseSchema>;

/** `GET /api/public/v1/me`: who the token speaks for. */
export const ApiMeResponseSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  companyId: z.string(),
  scopes: z.array(ApiScopeSchema),
});
export type ApiMeResponse = z.infer<typeof ApiMeResponseSchema>;

/** RFC 9457 problem details: the public API's error body (`application/problem+json`). */
export const ProblemDetailsSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;
