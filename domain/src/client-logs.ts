import { z } from 'zod';

/**
 * The client log beacon (SPEC §7 "client logs go to a log endpoint by beacon"; issue 18 §8; ADR 026):
 * what the web sends to `POST /api/log`, what the server keeps, and the back-office view of it.
 */

export const CLIENT_LOG_LEVELS = ['error', 'warn', 'info'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];

/** The largest beacon body the server reads; a larger one is refused with 413 (ADR 026). */
export const CLIENT_LOG_MAX_BYTES = 4096;
/** What the server keeps of each field. */
export const CLIENT_LOG_LIMITS = { message: 1000, stack: 2000, path: 300, userAgent: 300 } as const;
/** Beacons one address may send per minute. */
export const CLIENT_LOG_RATE_PER_MINUTE = 60;
/** How long stored client logs are kept. */
export const CLIENT_LOG_RETENTION_DAYS = 7;

/** A beacon's body as the web sends it; every field optional, anything else ignored. */
export const ClientLogEntrySchema = z.object({
  level: z.enum(CLIENT_LOG_LEVELS).catch('info'),
  message: z.string().catch(''),
  stack: z.string().catch(''),
  path: z.string().catch(''),
  kind: z.enum(['log', 'error', 'rejection']).catch('log'),
});
export type ClientLogEntry = z.infer<typeof ClientLogEntrySchema>;

/** One message of the last day, grouped. */
export const ClientErrorGroupSchema = z.object({
  message: z.string(),
  level: z.enum(CLIENT_LOG_LEVELS),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  paths: z.array(z.string()),
  sampleUserAgent: z.string(),
  sampleRequestId: z.string(),
});
export type ClientErrorGroup = z.infer<typeof ClientErrorGroupSchema>;
export const ClientErrorsResponseSchema = z.object({
  success: z.literal(true),
  since: z.string(),
  total: z.number().int(),
  groups: z.array(ClientErrorGroupSchema),
});
export type ClientErrorsResponse = z.infer<typeof ClientErrorsResponseSchema>;
