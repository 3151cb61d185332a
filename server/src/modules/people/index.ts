/**
 * People (the company's managers, the provider's agents, the signed-in user): the module's public
 * face. Other modules reach it through these only; its table is gathered for Drizzle by `db/schema.ts`.
 */
export { peopleRoutes } from './routes';
export { createPeopleService, type PeopleService } from './service';
