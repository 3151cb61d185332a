/**
 * Acting for a company or merchant, and the audit log (issue 18, ADR 027): the module's public face.
 * The table itself is the platform's (`platform/schema.ts`): every module writes to it.
 */
export { actingRoutes, auditLogRoutes, merchantActingRoutes } from './routes';
export { createAuditService, type AuditService } from './service';
