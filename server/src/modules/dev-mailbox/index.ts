/**
 * The development mailbox: the outbox's emails for a provider admin (ADR 012). The public face of the
 * module: other modules import only from here.
 */
export { devMailboxRoutes } from './routes';
