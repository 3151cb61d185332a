import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { Database } from '../../platform/db';
import { findEntries, upsertEntry } from './repository';
import { seedContent, withMissingContent } from './seed-content';

describe('content upgrade merge', () => {
  it('adds keys and identified list items the stored entry lacks, and keeps what is stored', () => {
    const stored = {
      messages: { required: 'Edited in the CMS' },
      errorCodes: [{ errorCode: 1, errorCodeMessage: 'Edited' }],
      plain: ['a'],
    };
    const shipped = {
      messages: { required: 'Shipped', tooSmall: 'At least {min}' },
      errorCodes: [
        { errorCode: 1, errorCodeMessage: 'Shipped' },
        { errorCode: 60, errorCodeMessage: 'Too many drafts' },
      ],
      plain: ['b'],
      added: true,
    };
    expect(withMissingContent(stored, shipped)).toEqual({
      messages: { required: 'Edited in the CMS', tooSmall: 'At least {min}' },
      errorCodes: [
        { errorCode: 1, errorCodeMessage: 'Edited' },
        { errorCode: 60, errorCodeMessage: 'Too many drafts' },
      ],
      plain: ['a'],
      added: true,
    });
  });

  it('merges menu items by their link id, nested children included', () => {
    const item = (id: string, children: unknown[] = []) => ({ link: { id }, text: id, children });
    const stored = [item('cards', [item('card-list')])];
    const shipped = [item('cards', [item('card-list'), item('card-load')]), item('account')];
    expect(withMissingContent(stored, shipped)).toEqual(shipped);
  });
});

describe('seedContent on an existing database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('restores an error code a database seeded by an older version lacks, keeping edited texts', async () => {
    const [before] = await findEntries(database.db, 'error-codes', ['en']);
    const codes = (before!.value as { errorCodes: { errorCode: number; errorCodeMessage: string }[] })
      .errorCodes;
    const older = codes
      .filter((code) => code.errorCode !== 50)
      .map((code) => (code.errorCode === 4 ? { ...code, errorCodeMessage: 'Edited by the provider' } : code));
    await upsertEntry(database.db, 'error-codes', 'en', { errorCodes: older });

    expect(await seedContent(database.db)).toBe(1);
    const [after] = await findEntries(database.db, 'error-codes', ['en']);
    const merged = (after!.value as { errorCodes: { errorCode: number; errorCodeMessage: string }[] })
      .errorCodes;
    expect(merged.find((code) => code.errorCode === 50)).toEqual(codes.find((code) => code.errorCode === 50));
    expect(merged.find((code) => code.errorCode === 4)?.errorCodeMessage).toBe('Edited by the provider');
    expect(await seedContent(database.db)).toBe(0);
  });

  it('replaces the form-letter salutation of emails stored by an older version, keeping texts edited since', async () => {
    const [orderEmails] = await findEntries(database.db, 'order-emails', ['el']);
    const shipped = orderEmails!.value as Record<string, { subject: string; text: string }>;
    const older = Object.fromEntries(
      Object.entries(shipped).map(([kind, email]) => [
        kind,
        {
          ...email,
          text:
            kind === 'paid'
              ? 'Καλησπέρα {firstName}, επεξεργασμένο κείμενο {order} {orderUrl} {amount}'
              : email.text.replace('{greeting}', 'Αγαπητέ/ή {firstName},'),
        },
      ]),
    );
    await upsertEntry(database.db, 'order-emails', 'el', older);
    const [identity] = await findEntries(database.db, 'identity-emails', ['en']);
    const identityEmails = identity!.value as Record<string, { subject: string; text: string }>;
    await upsertEntry(database.db, 'identity-emails', 'en', {
      ...identityEmails,
      passwordReset: {
        ...identityEmails.passwordReset!,
        text: identityEmails.passwordReset!.text.replace('{greeting}', 'Dear {firstName},'),
      },
    });
    const [contact] = await findEntries(database.db, 'emails', ['el']);
    const contactEmails = contact!.value as Record<string, { subject: string; text: string }>;
    await upsertEntry(database.db, 'emails', 'el', {
      ...contactEmails,
      contactReceived: {
        ...contactEmails.contactReceived!,
        text: contactEmails.contactReceived!.text.replace('{greeting}', 'Αγαπητέ/ή {name},'),
      },
    });

    expect(await seedContent(database.db)).toBe(3);
    const [after] = await findEntries(database.db, 'order-emails', ['el']);
    const upgraded = after!.value as Record<string, { subject: string; text: string }>;
    for (const [kind, email] of Object.entries(upgraded)) {
      if (kind === 'paid') expect(email.text).toBe(older.paid!.text);
      else expect(email).toEqual(shipped[kind]);
    }
    expect((await findEntries(database.db, 'identity-emails', ['en']))[0]!.value).toEqual(identityEmails);
    expect((await findEntries(database.db, 'emails', ['el']))[0]!.value).toEqual(contactEmails);
    expect(await seedContent(database.db)).toBe(0);
  });
});
