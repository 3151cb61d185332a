/**
 * The generated-input tests (the order-money and terminal properties, the schema fuzz) are the
 * heaviest server files, and `npm test` runs the server suite on both engines. Their generated
 * inputs are shared between the two: with TEST_ENGINE_SHARE=i/n (set by scripts/test.ts when it
 * runs PGlite and PostgreSQL), the i-th engine (0-based) of n runs its part of the count, with seeds
 * of its own, so one `npm test` still runs the whole count (1,000 order sequences, 1,000 terminal
 * sequences, 100 requests a route) and each engine runs every property and every route. Unset, one
 * engine runs the whole count (ADR 038, round four).
 */
const [INDEX, PARTS] = (process.env.TEST_ENGINE_SHARE ?? '0/1').split('/').map(Number) as [number, number];
if (!Number.isInteger(INDEX) || !Number.isInteger(PARTS) || PARTS < 1 || INDEX < 0 || INDEX >= PARTS) {
  throw new Error(`TEST_ENGINE_SHARE must be i/n with 0 <= i < n, not ${process.env.TEST_ENGINE_SHARE}`);
}

/** This engine's part of `total` generated inputs (the parts add up to `total`). */
export function engineShare(total: number): number {
  return Math.floor(total / PARTS) + (INDEX < total % PARTS ? 1 : 0);
}

/** A fixed seed moved for this engine, so the engines' parts are different inputs. */
export function engineSeed(seed: number): number {
  return seed + INDEX * 1_000_003;
}

/** How the count was shared, for a test's log line: `` or ` (part 1 of 2: 500 of 1000)`. */
export function shareNote(total: number): string {
  return PARTS > 1 ? ` (engine part ${INDEX + 1} of ${PARTS}: ${engineShare(total)} of ${total})` : '';
}
