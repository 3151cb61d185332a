/**
 * The double-entry ledger: the module's public face. Other modules reach it through these only; its
 * tables are gathered for Drizzle by `db/schema.ts` (and a schema file may name `ledger_accounts` for
 * a foreign key, ADR 014).
 *
 * Reads: `balance` / `balances` (accounts by id: a card's account, many cards' accounts),
 * `prepaidBalance` (a company's funding), `cardLoadsByMonth` and `monthFigures` on the service;
 * `accountMovements` (an account's latest entries with their transactions: a card's movements); for a
 * list query at scale, `accountFigures` joined through `accountFiguresJoin` and `loadCreditsSql`.
 */
export {
  accountFigures,
  accountFiguresJoin,
  accountMovements,
  companyMoneyFigures,
  companyStatementPage,
  loadCreditsSql,
  type StatementRow,
  type AccountMovement,
} from './repository';
export {
  createLedgerService,
  type Executor,
  type InvariantProblems,
  type LedgerService,
  type Posting,
} from './service';
export {
  LEDGER_ACCOUNT_KINDS,
  LEDGER_TRANSACTION_KINDS,
  type LedgerAccountKind,
  type LedgerTransactionKind,
} from './schema';
