/**
 * Spend rules: the module's public face. Other modules reach it through these only; its table is
 * gathered for Drizzle by `db/schema.ts`.
 */
export { spendRulesRoutes } from './routes';
export { createSpendRulesService, type SpendRulesService } from './service';
