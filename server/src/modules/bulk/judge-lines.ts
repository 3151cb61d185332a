import {
  BULK_COLUMN_KEYS,
  BULK_DRAFT_MAX_LINES,
  type BulkColumnKey,
  type BulkPurpose,
  type DraftCard,
  type Locale,
} from '@tessera/domain';
import type { Executor } from '../../platform/db';
import type { FieldProblem } from '../../platform/errors';
import type { CardsService } from '../cards';
import { lookupsFor } from './process-import';
import {
  cellsOfRow,
  clockOf,
  crossProblemsOf,
  judgeRow,
  lineOfRow,
  prepareRow,
  type RowRepeats,
  type RowVerdict,
  type StoredProblem,
} from './validate-rows';
import { paramsText } from './views';

/**
 * Lines sent as JSON (the public API's bulk load, issue 22 §2, ADR 037) judged by the very rules of
 * an Excel row (ADR 011): each line becomes the row a template would hold — its cells by column,
 * the amount a number of euros — then is prepared, looked up against the company's cards and
 * cardholders and judged as the import worker does, and the problems lines cause each other
 * (a repeated line, a card loaded twice, a person ordered twice) are found as the preview finds
 * them. Nothing is stored: the caller turns the good lines into drafts in its own transaction.
 */

/** A line as the API takes it: the template's columns, the amount in cents. */
export type JsonLine = Partial<Record<Exclude<BulkColumnKey, 'amount'>, string>> & { amountCents: number };

/** A line that may become a draft line, with the group (kind, product, family) it goes to. */
export type GoodLine = {
  index: number;
  kind: 'load' | 'new';
  product: NonNullable<RowVerdict['parsed']['product']>;
  family: NonNullable<RowVerdict['parsed']['family']>;
  line: DraftCard;
};

const POSITIONS = Object.fromEntries(BULK_COLUMN_KEYS.map((key, index) => [key, index])) as Record<
  BulkColumnKey,
  number
>;

/** Rows judged a batch at a time, as the worker does (one lookup of cards and people per batch). */
const BATCH = 500;

/** The problems other lines cause each line, as `findRepeats` computes them over a stored import. */
function repeatsOf(verdicts: readonly RowVerdict[]): Map<number, RowRepeats> {
  const firstRow = new Map<string, number>();
  const firstCard = new Map<string, number>();
  const firstPerson = new Map<string, number>();
  const found = new Map<number, RowRepeats>();
  for (const verdict of verdicts) {
    const repeats: { sameRow: number | null; sameCard: number | null; samePerson: [string, number][] } = {
      sameRow: null,
      sameCard: null,
      samePerson: [],
    };
    if (verdict.rowHash !== null) {
      const first = firstRow.get(verdict.rowHash);
      if (first === undefined) firstRow.set(verdict.rowHash, verdict.rowNumber);
      else repeats.sameRow = first;
    }
    if (verdict.cardKey !== null) {
      const first = firstCard.get(verdict.cardKey);
      if (first === undefined) firstCard.set(verdict.cardKey, verdict.rowNumber);
      else repeats.sameCard = first;
    }
    for (const key of verdict.personKeys) {
      const first = firstPerson.get(key);
      if (first === undefined) firstPerson.set(key, verdict.rowNumber);
      else repeats.samePerson.push([key, first]);
    }
    if (repeats.sameRow !== null || repeats.sameCard !== null || repeats.samePerson.length > 0) {
      found.set(verdict.rowNumber, repeats);
    }
  }
  return found;
}

/**
 * Judges `lines` for `companyId`: the good lines grouped for drafts, and the error-level problems
 * as field problems naming each line (`lines.<index>.<field>`, the index from 0) with their
 * parameters in words; at most `maxProblems` of them. Warnings do not stop a line, as in the preview.
 */
export async function judgeJsonLines(
  deps: { cards: CardsService; now: () => Date },
  db: Executor,
  companyId: string,
  purpose: BulkPurpose,
  lines: readonly JsonLine[],
  locale: Locale,
  maxProblems = 100,
): Promise<{ good: GoodLine[]; problems: FieldProblem[] }> {
  const clock = clockOf(deps.now());
  const verdicts: RowVerdict[] = [];
  for (let start = 0; start < lines.length; start += BATCH) {
    const prepared = lines.slice(start, start + BATCH).map((line, offset) => {
      const values = BULK_COLUMN_KEYS.map((key) =>
        key === 'amount' ? line.amountCents / 100 : (line[key] ?? null),
      );
      return prepareRow(cellsOfRow(start + offset + 1, values, POSITIONS), purpose);
    });
    const lookups = await lookupsFor(deps, db, companyId, prepared, clock);
    verdicts.push(...prepared.map((row) => judgeRow(row, purpose, lookups)));
  }
  const repeats = repeatsOf(verdicts);
  const good: GoodLine[] = [];
  const problems: FieldProblem[] = [];
  const report = (verdict: RowVerdict, problem: StoredProblem) => {
    if (problems.length >= maxProblems) return;
    const column = problem.column === 'amount' ? 'amountCents' : problem.column;
    problems.push({
      field: `lines.${verdict.rowNumber - 1}${column ? `.${column}` : ''}`,
      key: problem.key,
      params: { ...paramsText(problem, locale), line: verdict.rowNumber - 1 },
    });
  };
  for (const verdict of verdicts) {
    const cross = repeats.has(verdict.rowNumber) ? crossProblemsOf(repeats.get(verdict.rowNumber)!) : [];
    const errors = [...verdict.problems, ...cross].filter((problem) => problem.level === 'error');
    if (errors.length > 0) {
      for (const problem of errors) report(verdict, problem);
      continue;
    }
    const { kind, product, family } = verdict.parsed;
    const line = lineOfRow(verdict.rowNumber, verdict.parsed);
    if (!kind || !product || !family || !line) {
      report(verdict, { column: null, key: 'invalidValue', level: 'error' });
      continue;
    }
    good.push({ index: verdict.rowNumber - 1, kind, product, family, line });
  }
  return { good, problems };
}

/** Good lines in the drafts the Excel conversion would make: per kind, product and family, ≤ 10,000 each. */
export function draftGroupsOf(good: readonly GoodLine[]): GoodLine[][] {
  const groups = new Map<string, GoodLine[]>();
  for (const entry of good) {
    const key = `${entry.kind === 'load' ? 0 : 1}:${entry.product}:${entry.family}`;
    const list = groups.get(key) ?? [];
    list.push(entry);
    groups.set(key, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([, list]) => {
      const parts: GoodLine[][] = [];
      for (let start = 0; start < list.length; start += BULK_DRAFT_MAX_LINES) {
        parts.push(list.slice(start, start + BULK_DRAFT_MAX_LINES));
      }
      return parts;
    });
}
