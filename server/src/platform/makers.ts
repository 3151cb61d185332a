/**
 * Who made a thing that becomes an order (issue 33 §2, ADR 040): the person acting and the people
 * behind them. Four eyes means an approver is none of them, whatever path made the order: an API
 * client stands for its creator and whoever made one of its working secrets, a recurring run for
 * everyone who made or changed its rule, a bulk conversion also for whoever uploaded or edited the
 * file, a reorder also for the makers of the order it copies.
 */
export type Maker = {
  /** The user (or API client) acting. */
  userId: string;
  /** The people behind the actor, who made what it acts on (none for a person acting alone). */
  madeBy?: readonly string[] | undefined;
};

/** The actor and the people behind it, each once. */
export function makersOf(actor: Maker): string[] {
  return withMakers([actor.userId], actor.madeBy ?? []);
}

/** `existing` with `more` added, each person once, in the order first named. */
export function withMakers(existing: readonly string[], ...more: readonly (readonly string[])[]): string[] {
  return [...new Set([...existing, ...more.flat()])];
}
