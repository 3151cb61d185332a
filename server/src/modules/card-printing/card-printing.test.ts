import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountsTestFile,
  inBothLanguages,
  refusesBadInput,
  WRITE_EXPECTATION,
  type BadInput,
} from '../../../test/accounts-helper';
import { COMPANY_SCOPED_EXPECTATION, tenantMatrix } from '../../../test/tenant-helper';

const world = accountsTestFile();
const { API, api, ok, query, countsByCompany, state, firstPoints } = world;

let firstPoint: Record<string, string>;

beforeAll(async () => {
  firstPoint = await firstPoints();
});

describe('tenant scope of every card printing route', () => {
  it.each([['GET', 'retrieveCardPrinting', undefined]] as const)(
    '%s %s answers every role for its own company only',
    async (method, route, payload) => {
      const matrix = await tenantMatrix(world.ctx, world.ids, {
        method,
        url: `${API}/${route}`,
        ...(payload ? { payload } : {}),
      });
      expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
    },
  );

  it('POST updateCardPrinting: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method: 'POST',
      url: `${API}/updateCardPrinting`,
      payload: () => ({
        embossLine: 'MATRIX TEST',
        printLogo: false,
        carrierMessage: 'Πίνακας',
        defaultDeliveryPointId: null,
        printEmployeeCode: false,
      }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    expect(await countsByCompany('card_printing_settings', `emboss_line = 'MATRIX TEST'`)).toEqual({
      C1001: 1,
      C1006: 1,
    });
  });
});

describe('bad input answers 400 naming the field, in the request’s language', () => {
  const cases: BadInput[] = [
    {
      route: 'updateCardPrinting',
      what: 'an emboss line in Greek letters',
      payload: () => ({
        embossLine: 'ΑΚΜΗ ΤΡΟΦΙΜΩΝ',
        printLogo: true,
        carrierMessage: '',
        defaultDeliveryPointId: null,
        printEmployeeCode: true,
      }),
      field: 'embossLine',
      key: 'invalidEmbossText',
    },
    {
      route: 'updateCardPrinting',
      what: 'an emboss line of 22 characters',
      payload: () => ({
        embossLine: 'A'.repeat(22),
        printLogo: true,
        carrierMessage: '',
        defaultDeliveryPointId: null,
        printEmployeeCode: true,
      }),
      field: 'embossLine',
      key: 'tooLong',
      params: { max: 21 },
    },
  ];

  it.each(inBothLanguages(cases))(
    '$route with $what ($locale)',
    refusesBadInput(() => world.ctx, api, state),
  );
});

describe('entities of another company', () => {
  it('card printing cannot point at a delivery point of another company', async () => {
    const [before] = await query(`select * from card_printing_settings where company_id = 'C1001'`);
    const response = await api('om3', 'POST', 'updateCardPrinting', {
      company: 'C1001',
      culture: 'en-us',
      payload: {
        embossLine: 'FOREIGN',
        printLogo: true,
        carrierMessage: '',
        defaultDeliveryPointId: firstPoint.C1002,
        printEmployeeCode: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'defaultDeliveryPointId', message: 'Choose one of the available options.' },
    ]);
    expect((await query(`select * from card_printing_settings where company_id = 'C1001'`))[0]).toEqual(
      before,
    );
  });
});

describe('card printing', () => {
  it('saves the settings, reads them back and audits before and after', async () => {
    const before = await ok<{ cardPrinting: Record<string, unknown> }>(
      await api('om1', 'GET', 'retrieveCardPrinting'),
    );
    const settings = {
      embossLine: 'AKMI & SIA O.E.',
      printLogo: false,
      carrierMessage: '  Καλώς ήρθατε στην ομάδα!  ',
      defaultDeliveryPointId: firstPoint.C1001,
      printEmployeeCode: false,
    };
    const saved = await ok<{ cardPrinting: Record<string, unknown> }>(
      await api('om1', 'POST', 'updateCardPrinting', { payload: settings }),
    );
    const expected = { ...settings, carrierMessage: 'Καλώς ήρθατε στην ομάδα!' };
    expect(saved.cardPrinting).toMatchObject(expected);
    expect(saved.cardPrinting.updatedAt).toEqual(expect.any(String));
    const read = await ok<{ cardPrinting: Record<string, unknown> }>(
      await api('om3', 'GET', 'retrieveCardPrinting'),
    );
    expect(read.cardPrinting).toEqual(saved.cardPrinting);
    const [audit] = await query<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where action = 'card-printing.update' and company_id = 'C1001' and actor_user_id = $1 order by id desc limit 1`,
      [world.ids.om1],
    );
    expect(audit!.before).toEqual(before.cardPrinting);
    expect(audit!.after).toEqual(saved.cardPrinting);
  });
});

describe('the ledger', () => {
  it('its invariants hold after everything above', async () => {
    expect(await world.ctx.app.services.ledger.checkInvariants(world.ctx.database.db)).toEqual({
      unbalancedTransactions: [],
      balanceMismatches: [],
      negativeAccounts: [],
    });
  });
});
