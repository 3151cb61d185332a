import {
  ContractResponseSchema,
  CreateContractRequestSchema,
  UpdateContractStatusRequestSchema,
  ContractsResponseSchema,
  TrzContractResponseSchema,
  UpdateTrzContractRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import type { ContractsService } from './service';

const tags = ['accounts'];

/**
 * `/api/v1/accounts/...` contract calls (SPEC §7). Reads are open to every company role and provider
 * staff; changing the TRZ contract to the order manager and provider staff (audited). Every route
 * resolves the company first (403 for a foreign one).
 */
export function contractsRoutes(service: ContractsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/contracts',
      {
        schema: { tags, response: { 200: ContractsResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'contracts.read');
        return { success: true as const, contracts: await service.contracts(companyId) };
      },
    );

    app.get(
      '/retrieveTrzContract',
      {
        schema: { tags, response: { 200: TrzContractResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'contracts.read');
        return { success: true as const, trzContract: await service.trzContract(companyId) };
      },
    );

    app.post(
      '/updateTrzContract',
      {
        schema: { tags, body: UpdateTrzContractRequestSchema, response: { 200: TrzContractResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'contracts.manage');
        return { success: true as const, trzContract: await service.updateTrzContract(request.body, actor) };
      },
    );

    // Issue 18 §3 (ADR 024): provider staff add contracts and move their status.
    app.post(
      '/createContract',
      {
        schema: { tags, body: CreateContractRequestSchema, response: { 200: ContractResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'contracts.create');
        return { success: true as const, contract: await service.createContract(request.body, actor) };
      },
    );

    app.post(
      '/updateContractStatus',
      {
        schema: { tags, body: UpdateContractStatusRequestSchema, response: { 200: ContractResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'contracts.create');
        return { success: true as const, contract: await service.updateContractStatus(request.body, actor) };
      },
    );
  };
}
