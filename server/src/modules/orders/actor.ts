import type { FastifyRequest } from 'fastify';
import { requestLocale } from '../../platform/http';
import { requireCompany } from '../../platform/tenant';
import type { OrderActor } from './order-context';

/** Who acts on an order: the company the request resolved (403 for another), role and language. */
export async function orderActorOf(request: FastifyRequest, companyId?: string): Promise<OrderActor> {
  const scope = await requireCompany(request, { companyId });
  return {
    userId: scope.session.userId,
    companyId: scope.companyId,
    roleId: scope.session.roleId,
    locale: requestLocale(request),
    requestId: String(request.id),
  };
}
