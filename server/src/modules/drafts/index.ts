/**
 * Drafts: orders being prepared (SPEC §3 order draft, §7 orders service's draft calls), their
 * lines, checks and prices. The public face of the module: other modules import only from here.
 */
export { draftsRoutes } from './routes';
export {
  createDraftsService,
  type DraftActor,
  type DraftHeader,
  type DraftsService,
  type IdempotencyOptions,
  type PreparedSubmission,
} from './service';
export type { DraftsDeps } from './draft-context';
export type { LinesSource, LinesWritten, PendingDraftSummary } from './pending-drafts';
