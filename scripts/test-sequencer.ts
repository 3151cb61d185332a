import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files that take longest, longest first, as measured on a fresh clone on the 2-core
 * machine (ADR 038: 70 s, 53 s, 49 s… against a median of about 2 s). Vitest orders files it has
 * no timings for (a fresh clone has none) by size, largest first, and these are short files that
 * run long: started last, one of them kept one worker busy for a minute after the other had
 * finished. Started first, they overlap with the many short files instead.
 */
export const LONGEST_FILES: readonly string[] = [
  'server/src/modules/orders/order-money.property.test.ts',
  'server/src/platform/chaos.test.ts',
  'server/src/platform/schema-fuzz.test.ts',
  'server/src/modules/recurring/two-processes.test.ts',
  'server/src/modules/terminals/terminals.property.test.ts',
  'server/src/platform/two-instances.test.ts',
  'server/src/platform/compiled-server.test.ts',
  'server/src/platform/route-matrix.test.ts',
];

/**
 * `ordered` as vitest ordered it, with the files of `LONGEST_FILES` moved to the front of their
 * block (a project and its group run together), in the list's order; the rest keep their order.
 */
export function longestFirst<T>(
  ordered: readonly T[],
  fileOf: (item: T) => string,
  blockOf: (item: T) => string,
): T[] {
  const rank = (item: T) => {
    const index = LONGEST_FILES.indexOf(fileOf(item));
    return index === -1 ? LONGEST_FILES.length : index;
  };
  const firstIndex = new Map<string, number>();
  ordered.forEach((item, index) => {
    if (!firstIndex.has(blockOf(item))) firstIndex.set(blockOf(item), index);
  });
  return ordered
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        firstIndex.get(blockOf(a.item))! - firstIndex.get(blockOf(b.item))! ||
        rank(a.item) - rank(b.item) ||
        a.index - b.index,
    )
    .map(({ item }) => item);
}

/** Vitest's own order (cached durations, else size), the longest known files first. */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return longestFirst(
      await super.sort(files),
      (spec) => path.relative(root, spec.moduleId).split(path.sep).join('/'),
      (spec) => `${spec.project.config.sequence.groupOrder}:${spec.project.name}`,
    );
  }
}
