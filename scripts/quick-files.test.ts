import { describe, expect, it } from 'vitest';
import { quickServerTests } from './quick-files';

const TESTS = [
  'server/src/db/migrations.test.ts',
  'server/src/modules/disputes/disputes.test.ts',
  'server/src/modules/orders/orders.test.ts',
  'server/src/modules/orders/order-money.property.test.ts',
  'server/src/platform/policy.test.ts',
];

describe('the server tests quick runs for a change', () => {
  it('runs the tests of the module a changed file is in, and no other module’s', () => {
    expect(quickServerTests(['server/src/modules/orders/repository.ts'], TESTS)).toEqual([
      'server/src/modules/orders/order-money.property.test.ts',
      'server/src/modules/orders/orders.test.ts',
    ]);
  });

  it('runs the platform’s or the database’s tests for a change there, and a changed test file itself', () => {
    expect(
      quickServerTests(
        ['server/src/platform/policy.ts', 'server/src/db/migrations/0029_disputes.sql'],
        TESTS,
      ),
    ).toEqual(['server/src/db/migrations.test.ts', 'server/src/platform/policy.test.ts']);
    expect(quickServerTests(['server/src/modules/disputes/disputes.test.ts'], TESTS)).toEqual([
      'server/src/modules/disputes/disputes.test.ts',
    ]);
  });

  it('runs every server test when the shared harness changed, and none for a web-only change', () => {
    expect(quickServerTests(['server/test/harness.ts'], TESTS)).toEqual(TESTS);
    expect(quickServerTests(['web/src/features/disputes/pages/queue.tsx', 'README.md'], TESTS)).toEqual([]);
  });
});
