import { z } from 'zod';
import { normalizeGreekPhone, normalizePostalCode } from './greek';

/**
 * Delivery points: where a company's plastic cards are shipped (SPEC §7: getCompanyDeliveryPoints,
 * addDeliveryPoint, searchDeliveryPoints, createDeliveryPoint, retrieveDeliveryPointById).
 */

export const GREEK_REGIONS = [
  'attica',
  'central-macedonia',
  'thessaly',
  'western-greece',
  'crete',
  'east-macedonia-thrace',
  'central-greece',
  'peloponnese',
  'epirus',
  'western-macedonia',
  'ionian-islands',
  'north-aegean',
  'south-aegean',
] as const;
export type GreekRegion = (typeof GREEK_REGIONS)[number];

export const DeliveryPointSchema = z.object({
  deliveryPointId: z.uuid(),
  companyId: z.string(),
  alias: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  region: z.enum(GREEK_REGIONS),
  contactName: z.string(),
  phone: z.string(),
  notes: z.string(),
  createdAt: z.string(),
});
export type DeliveryPoint = z.infer<typeof DeliveryPointSchema>;

/**
 * The fields of a Greek street address as every address form asks them (delivery points, a
 * company's seat): street, number (digits first, then letters or `/`), postal code (5 digits, any
 * spacing), city.
 */
export const STREET_ADDRESS_FIELDS = {
  street: z.string().trim().min(2).max(100),
  streetNumber: z
    .string()
    .trim()
    .min(1)
    .max(10)
    .regex(/^\d+[\p{L}\d/-]*$/u, { message: 'invalid number' }),
  postalCode: z
    .string()
    .trim()
    .max(8)
    .refine((value) => normalizePostalCode(value) !== null, { message: 'invalid postal code' }),
  city: z.string().trim().min(2).max(60),
};

/** The address form (/delivery-points and inline in the card-issue flow). */
export const DeliveryPointInputSchema = z.object({
  alias: z.string().trim().min(1).max(60),
  ...STREET_ADDRESS_FIELDS,
  region: z.enum(GREEK_REGIONS),
  contactName: z.string().trim().min(2).max(100),
  phone: z
    .string()
    .trim()
    .max(30)
    .refine((value) => normalizeGreekPhone(value) !== null, { message: 'invalid phone' }),
  notes: z.string().trim().max(300).default(''),
});
export type DeliveryPointInput = z.input<typeof DeliveryPointInputSchema>;

/** `POST createDeliveryPoint` (/delivery-points) and `POST addDeliveryPoint` (inline, reuses an identical address). */
export const CreateDeliveryPointRequestSchema = DeliveryPointInputSchema;
export const DeliveryPointResponseSchema = z.object({
  success: z.literal(true),
  deliveryPoint: DeliveryPointSchema,
  /** addDeliveryPoint: true when an identical address already existed and was returned instead. */
  existing: z.boolean().optional(),
});
export type DeliveryPointResponse = z.infer<typeof DeliveryPointResponseSchema>;

/** `GET getCompanyDeliveryPoints` and `POST searchDeliveryPoints` (accents and case ignored). */
export const SearchDeliveryPointsRequestSchema = z.object({
  query: z.string().trim().max(100).default(''),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type SearchDeliveryPointsRequest = z.input<typeof SearchDeliveryPointsRequestSchema>;
export const DeliveryPointsResponseSchema = z.object({
  success: z.literal(true),
  deliveryPoints: z.array(DeliveryPointSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DeliveryPointsResponse = z.infer<typeof DeliveryPointsResponseSchema>;

/** `POST retrieveDeliveryPointById`. */
export const DeliveryPointByIdRequestSchema = z.object({ deliveryPointId: z.uuid() });
