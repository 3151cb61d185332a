import { z } from 'zod';

/**
 * The signed-in user's portal sessions (issue 21, ADR 033): one per browser that is signed in,
 * with what the browser said of itself at sign-in and where it signed in from. `sessionId` is a
 * reference derived from the stored hash, never the cookie's value.
 */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const AccountSessionSchema = z.object({
  sessionId: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  /** Operating system and browser as named by the User-Agent (`Windows 10`, `Firefox 128`); null when unknown. */
  os: z.string().nullable(),
  browser: z.string().nullable(),
  /** The client address at sign-in (null for sessions started before it was recorded). */
  address: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the browser asking. */
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionsResponseSchema = z.object({
  success: z.literal(true),
  sessions: z.array(AccountSessionSchema),
});
export type AccountSessionsResponse = z.infer<typeof AccountSessionsResponseSchema>;

export const AccountSessionParamsSchema = z.object({ sessionId: z.string().regex(/^[0-9a-f]{32}$/) });

/** How many sessions a sign-out ended. */
export const EndedSessionsResponseSchema = z.object({
  success: z.literal(true),
  endedSessions: z.number().int(),
});
export type EndedSessionsResponse = z.infer<typeof EndedSessionsResponseSchema>;

/** Provider staff end every session of a user: always with a reason, kept in the audit log. */
export const EndUserSessionsRequestSchema = z.object({ reason: z.string().trim().min(5).max(500) });
export type EndUserSessionsRequest = z.infer<typeof EndUserSessionsRequestSchema>;
