import type { AppServices } from '../../app';
import { createSandboxGateway } from '../../modules/invoicing';
import type { Db } from '../../platform/db';

/**
 * The demo's invoices and credit notes (issue 37, ADR 059) are issued by the facts the demo seed
 * makes through the services — every paid order, settlement day and merchant charge — exactly as
 * the portal issues them; this sends them, as the transmission job would, to the sandbox AADE
 * (whatever gateway is configured: a fictitious company's invoice reaches no tax authority), so
 * each has its MARK, UID and QR URL. Large batches: the schema check costs per call, not per
 * document.
 */
export async function seedDemoInvoices(db: Db, services: AppServices): Promise<void> {
  await services.invoicing.transmitDue({ gateway: createSandboxGateway({ db }), batchSize: 1_000 });
}
