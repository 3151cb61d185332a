import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

/** A small public document of the shape the server serves (`publicDocument`, ADR 037). */
const DOCUMENT = {
  openapi: '3.0.3',
  info: {
    title: 'Tessera public API',
    version: '1',
    description:
      'The API of Tessera.\n\n**Writes.** Every POST needs an `Idempotency-Key` header.\n\n### Error codes\n\n| errorCode | name |\n|---|---|\n| 60 | `DRAFT_LIMIT_REACHED` |',
  },
  tags: [{ name: 'orders', description: 'Loads, new cards, drafts and orders' }],
  paths: {
    '/api/public/v1/loads/bulk': {
      post: {
        tags: ['public-api', 'orders'],
        summary: 'Load (or issue) up to 10,000 cards in one call',
        security: [{ bearerAuth: [] }],
        parameters: [{ name: 'idempotency-key', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['lines'],
                properties: {
                  lines: { type: 'array', items: { type: 'object' } },
                  alias: { type: 'string' },
                },
              },
              example: { lines: [{ cardId: 'c-1', amountCents: 15000 }] },
            },
          },
        },
        responses: {
          201: { description: 'Created' },
          422: {
            description: 'Refused',
            content: {
              'application/problem+json': { example: { status: 422, errors: [{ field: 'lines.1.cardId' }] } },
            },
          },
        },
      },
    },
    '/api/public/v1/cards': {
      get: {
        tags: ['public-api', 'cards'],
        summary: 'List the company’s cards',
        responses: { 200: { description: 'OK' } },
      },
    },
  },
};

describe('the public API document (/account/api-docs)', () => {
  it('renders the introduction, the error codes and every operation with its fields and examples, in Greek chrome', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'GET /api/public/v1/openapi.json': { body: DOCUMENT },
    });
    const { user } = renderApp('/account/api-docs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Έγγραφο API' })).toBeTruthy();
    expect(await screen.findByText('Tessera public API v1')).toBeTruthy();
    expect(screen.getByText('DRAFT_LIMIT_REACHED')).toBeTruthy();
    expect(screen.getByText('Idempotency-Key')).toBeTruthy();
    const bulk = screen.getByText('/api/public/v1/loads/bulk').closest('.mantine-Paper-root') as HTMLElement;
    expect(within(bulk).getByText('POST')).toBeTruthy();
    expect(within(bulk).getByText('lines')).toBeTruthy();
    expect(within(bulk).getByText('(υποχρεωτικό)')).toBeTruthy();
    expect(within(bulk).getByText(/"amountCents": 15000/)).toBeTruthy();
    expect(within(bulk).getByText(/lines\.1\.cardId/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Λήψη OpenAPI (JSON)' }).getAttribute('href')).toBe(
      '/api/public/v1/openapi.json',
    );
    // The search keeps the operations that match.
    await user.type(screen.getByLabelText('Αναζήτηση λειτουργίας'), '/cards');
    expect(screen.queryByText('/api/public/v1/loads/bulk')).toBeNull();
    expect(screen.getByText('/api/public/v1/cards')).toBeTruthy();
  });

  it('says so when the document cannot be loaded', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'GET /api/public/v1/openapi.json': { status: 503, body: {} },
    });
    renderApp('/account/api-docs');
    expect(await screen.findByText('Το έγγραφο του API δεν φορτώθηκε.')).toBeTruthy();
  });
});
