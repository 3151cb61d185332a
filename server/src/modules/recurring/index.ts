/**
 * Recurring load rules (issue 19, SPEC §4 reason `recurring-rule`, §7 recurring rule calls; ADR
 * 028): the rules, their preview and runs, and the scheduler. The public face of the module.
 */
export { recurringRoutes, recurringTestRoutes } from './routes';
export { createRecurringService, RECURRING_TICK_JOB, type RecurringService } from './service';
export type { RecurringDeps } from './recurring-context';
