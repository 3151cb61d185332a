import { ERROR_CODE } from '@tessera/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, requestsTo } from '../test/mock-api';
import { getGlobalError } from './global-error';
import { request } from './request';
import { answerStepUp, onStepUpAsked, registerStepUpHost } from './step-up';
import { writeStore } from './storage';

const errorBody = (errorCode: number, errorMessage = 'Server message') => ({
  success: false,
  errorCode,
  errorLevel: 'error',
  errorMessage,
});

describe('request helper headers', () => {
  it('sends JSON content type and the Greek culture by default', async () => {
    const fetchMock = mockApi(
      { 'GET /api/thing': { body: { success: true, value: 1 } } },
      { withShell: false },
    );
    const result = await request<{ value: number }>('/api/thing');
    expect(result).toEqual({ data: { success: true, value: 1 }, error: false, status: 200, aborted: false });
    const [sent] = requestsTo(fetchMock, '/api/thing');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
    expect(sent?.headers.get('Culture')).toBe('el-gr');
    expect(sent?.headers.get('companyId')).toBeNull();
    expect(sent?.headers.get('X-CSRF-Token')).toBeNull();
  });

  it('maps English to the en-us culture, from the option or from an /en address', async () => {
    const fetchMock = mockApi({ 'GET /api/thing': { body: { success: true } } }, { withShell: false });
    await request('/api/thing', { locale: 'en' });
    window.history.replaceState(null, '', '/en/faqs');
    await request('/api/thing');
    await request('/api/thing', { locale: 'el' });
    expect(requestsTo(fetchMock, '/api/thing').map((r) => r.headers.get('Culture'))).toEqual([
      'en-us',
      'en-us',
      'el-gr',
    ]);
  });

  it('sends the company id from the stored company data first', async () => {
    const fetchMock = mockApi({ 'GET /api/thing': { body: { success: true } } }, { withShell: false });
    writeStore('lastCompanyId', '111');
    writeStore('companyData', { companyId: '222', name: 'Acme', vat: '099999999' });
    await request('/api/thing');
    expect(requestsTo(fetchMock, '/api/thing')[0]?.headers.get('companyId')).toBe('222');
  });

  it('falls back to the remembered company id', async () => {
    const fetchMock = mockApi({ 'GET /api/thing': { body: { success: true } } }, { withShell: false });
    writeStore('lastCompanyId', '111');
    await request('/api/thing');
    expect(requestsTo(fetchMock, '/api/thing')[0]?.headers.get('companyId')).toBe('111');
  });

  it('keeps the company id the caller passes over the stored one', async () => {
    const fetchMock = mockApi({ 'GET /api/thing': { body: { success: true } } }, { withShell: false });
    writeStore('lastCompanyId', '111');
    writeStore('companyData', { companyId: '222', name: 'Acme', vat: '099999999' });
    await request('/api/thing', { headers: { companyId: '333' } });
    expect(requestsTo(fetchMock, '/api/thing')[0]?.headers.get('companyId')).toBe('333');
  });

  it('sends the CSRF token on state changes only, fetching it once', async () => {
    const fetchMock = mockApi(
      {
        'GET /api/auth/csrf': { body: { csrfToken: 'token-a' } },
        'POST /api/thing': { body: { success: true } },
        'DELETE /api/thing': { body: { success: true } },
        'GET /api/thing': { body: { success: true } },
      },
      { withShell: false },
    );
    await request('/api/thing', { method: 'POST', body: { a: 1 } });
    await request('/api/thing', { method: 'DELETE' });
    await request('/api/thing');
    const sent = requestsTo(fetchMock, '/api/thing');
    expect(sent.map((r) => r.headers.get('X-CSRF-Token'))).toEqual(['token-a', 'token-a', null]);
    expect(sent[0]?.body).toEqual({ a: 1 });
    expect(requestsTo(fetchMock, '/api/auth/csrf')).toHaveLength(1);
  });

  it('refetches the CSRF token once and retries when the server rejects it (403, code 8)', async () => {
    let tokens = 0;
    let posts = 0;
    const fetchMock = mockApi(
      {
        'GET /api/auth/csrf': () => ({ body: { csrfToken: `token-${++tokens}` } }),
        'POST /api/thing': () =>
          ++posts === 1
            ? { status: 403, body: errorBody(ERROR_CODE.CSRF_INVALID) }
            : { body: { success: true } },
      },
      { withShell: false },
    );
    const result = await request('/api/thing', { method: 'POST', body: {} });
    expect(result.error).toBe(false);
    expect(requestsTo(fetchMock, '/api/thing').map((r) => r.headers.get('X-CSRF-Token'))).toEqual([
      'token-1',
      'token-2',
    ]);
    expect(getGlobalError()).toBeNull();
  });

  it('asks for a fresh second factor on code 33 and sends the change again once it was given', async () => {
    let posts = 0;
    const fetchMock = mockApi(
      {
        'GET /api/auth/csrf': { body: { csrfToken: 'token-a' } },
        'POST /api/v1/orders/approveOrder': () =>
          ++posts === 1
            ? { status: 403, body: errorBody(ERROR_CODE.STEP_UP_REQUIRED) }
            : { body: { success: true } },
      },
      { withShell: false },
    );
    const unregister = registerStepUpHost();
    const asked = vi.fn();
    const unsubscribe = onStepUpAsked(() => {
      asked();
      answerStepUp(true);
    });
    try {
      const result = await request('/api/v1/orders/approveOrder', { method: 'POST', body: { orderId: 'o' } });
      expect(result.error).toBe(false);
      expect(asked).toHaveBeenCalledTimes(1);
      expect(requestsTo(fetchMock, '/api/v1/orders/approveOrder')).toHaveLength(2);
      expect(getGlobalError()).toBeNull();
    } finally {
      unsubscribe();
      unregister();
    }
  });

  it('offers to sign in again when the account now needs its second factor (code 31)', async () => {
    mockApi(
      {
        'GET /api/v1/accounts/cardFilter': {
          status: 403,
          body: errorBody(ERROR_CODE.SECOND_FACTOR_REQUIRED, 'Sign in again'),
        },
      },
      { withShell: false },
    );
    await request('/api/v1/accounts/cardFilter');
    expect(getGlobalError()).toMatchObject({
      kind: 'modal',
      signInAgain: true,
      message: { kind: 'text', text: 'Sign in again' },
    });
  });

  it('leaves the change refused, with the server’s message, when the code is not given', async () => {
    const fetchMock = mockApi(
      {
        'GET /api/auth/csrf': { body: { csrfToken: 'token-a' } },
        'POST /api/v1/orders/approveOrder': {
          status: 403,
          body: errorBody(ERROR_CODE.STEP_UP_REQUIRED, 'Type the current code'),
        },
      },
      { withShell: false },
    );
    const unregister = registerStepUpHost();
    const unsubscribe = onStepUpAsked(() => answerStepUp(false));
    try {
      const result = await request('/api/v1/orders/approveOrder', { method: 'POST', body: { orderId: 'o' } });
      expect(result).toMatchObject({ error: { errorCode: ERROR_CODE.STEP_UP_REQUIRED }, status: 403 });
      expect(requestsTo(fetchMock, '/api/v1/orders/approveOrder')).toHaveLength(1);
      expect(getGlobalError()).toMatchObject({ kind: 'modal' });
    } finally {
      unsubscribe();
      unregister();
    }
  });

  it('sends a file’s bytes as they are, as octet-stream, with the company and the CSRF token', async () => {
    const fetchMock = mockApi(
      {
        'GET /api/auth/csrf': { body: { csrfToken: 'token-a' } },
        'POST /api/upload': { status: 202, body: { success: true } },
      },
      { withShell: false },
    );
    writeStore('lastCompanyId', '111');
    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'loads.xlsx');
    const result = await request('/api/upload', { method: 'POST', rawBody: file });
    expect(result).toMatchObject({ error: false, status: 202 });
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/upload');
    expect(call?.[1]?.body).toBe(file);
    const headers = new Headers(call?.[1]?.headers);
    expect(headers.get('Content-Type')).toBe('application/octet-stream');
    expect(headers.get('companyId')).toBe('111');
    expect(headers.get('X-CSRF-Token')).toBe('token-a');
  });

  it('names no content type on a state change without a body, which the server refuses as empty JSON', async () => {
    const fetchMock = mockApi(
      { 'DELETE /api/thing': { body: { success: true } }, 'GET /api/thing': { body: { success: true } } },
      { withShell: false },
    );
    await request('/api/thing', { method: 'DELETE' });
    await request('/api/thing');
    const sent = requestsTo(fetchMock, '/api/thing');
    expect(sent.map((r) => r.headers.get('Content-Type'))).toEqual([null, 'application/json']);
    expect(sent[0]?.headers.get('Culture')).toBe('el-gr');
  });

  it('lets the caller name the raw body’s content type, and keeps JSON for `body`', async () => {
    const fetchMock = mockApi({ 'POST /api/upload': { body: { success: true } } }, { withShell: false });
    await request('/api/upload', {
      method: 'POST',
      rawBody: new ArrayBuffer(2),
      headers: { 'Content-Type': 'text/csv' },
    });
    await request('/api/upload', { method: 'POST', body: { a: 1 } });
    const calls = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/upload');
    expect(calls.map(([, init]) => new Headers(init?.headers).get('Content-Type'))).toEqual([
      'text/csv',
      'application/json',
    ]);
    expect(calls[0]?.[1]?.body).toBeInstanceOf(ArrayBuffer);
    expect(calls[1]?.[1]?.body).toBe('{"a":1}');
  });
});

describe('request helper errors (SPEC §8)', () => {
  it('does not raise a global error for an aborted request', async () => {
    mockApi({ 'GET /api/slow': { body: { success: true } } }, { withShell: false });
    const controller = new AbortController();
    controller.abort();
    const result = await request('/api/slow', { signal: controller.signal });
    expect(result).toMatchObject({ data: null, error: true, aborted: true });
    expect(getGlobalError()).toBeNull();
  });

  it('does not raise a global error when the caller suppresses it', async () => {
    mockApi({ 'GET /api/thing': { status: 500, body: errorBody(1) } }, { withShell: false });
    const result = await request('/api/thing', { suppressGlobalError: true });
    expect(result).toMatchObject({ data: null, status: 500, error: { errorCode: 1 } });
    expect(getGlobalError()).toBeNull();
  });

  it('lets the caller suppress only some failures', async () => {
    mockApi(
      {
        'GET /api/a': { status: 400, body: errorBody(2) },
        'GET /api/b': { status: 500, body: errorBody(1) },
      },
      { withShell: false },
    );
    const onlyValidation = { suppressGlobalError: (failure: { status: number }) => failure.status === 400 };
    await request('/api/a', onlyValidation);
    expect(getGlobalError()).toBeNull();
    await request('/api/b', onlyValidation);
    expect(getGlobalError()).toEqual({ kind: 'system' });
  });

  it('opens the error modal whose Ok goes home for error code 135', async () => {
    mockApi(
      {
        'GET /api/thing': { status: 409, body: errorBody(135, 'Company gone') },
        'GET /api/content/error-codes': { body: { success: true, errorCodes: [] } },
      },
      { withShell: false },
    );
    await request('/api/thing');
    expect(getGlobalError()).toEqual({
      kind: 'modal',
      goHome: true,
      errorCode: 135,
      message: { kind: 'text', text: 'Company gone' },
    });
  });

  it.each([500, 503])('shows the system-problem page for status %i', async (status) => {
    mockApi({ 'GET /api/thing': { status, body: errorBody(1) } }, { withShell: false });
    const result = await request('/api/thing');
    expect(result.status).toBe(status);
    expect(getGlobalError()).toEqual({ kind: 'system' });
  });

  it('shows the system-problem page when the server cannot be reached', async () => {
    mockApi(
      { 'GET /api/thing': () => Promise.reject(new TypeError('Failed to fetch')) },
      { withShell: false },
    );
    const result = await request('/api/thing');
    expect(result).toMatchObject({ status: 0, error: true, aborted: false });
    expect(getGlobalError()).toEqual({ kind: 'system' });
  });

  it('says "Not found" with the path for a 404', async () => {
    mockApi({}, { withShell: false });
    await request('/api/v1/orders/42');
    expect(getGlobalError()).toEqual({
      kind: 'modal',
      goHome: false,
      errorCode: 5,
      message: { kind: 'notFound', path: '/api/v1/orders/42' },
    });
  });

  it('prefers the catalogue message for the code, in the request culture', async () => {
    const fetchMock = mockApi(
      {
        'GET /api/thing': { status: 422, body: errorBody(10, 'Server text') },
        'GET /api/content/error-codes': (req) => ({
          body: {
            success: true,
            errorCodes: [
              {
                errorCode: 10,
                errorCodeMessage: req.headers.get('Culture') === 'en-us' ? 'Catalogue' : 'Κατάλογος',
              },
            ],
          },
        }),
      },
      { withShell: false },
    );
    await request('/api/thing', { locale: 'en' });
    expect(getGlobalError()).toMatchObject({
      kind: 'modal',
      goHome: false,
      message: { kind: 'text', text: 'Catalogue' },
    });
    await request('/api/thing', { locale: 'en' });
    expect(requestsTo(fetchMock, '/api/content/error-codes')).toHaveLength(1);
    await request('/api/thing', { locale: 'el' });
    expect(getGlobalError()).toMatchObject({ message: { kind: 'text', text: 'Κατάλογος' } });
  });

  it("falls back to the server's message when the catalogue has no entry", async () => {
    mockApi(
      {
        'GET /api/thing': { status: 409, body: errorBody(6, 'Already exists') },
        'GET /api/content/error-codes': {
          body: { success: true, errorCodes: [{ errorCode: 10, errorCodeMessage: 'x' }] },
        },
      },
      { withShell: false },
    );
    await request('/api/thing');
    expect(getGlobalError()).toMatchObject({ message: { kind: 'text', text: 'Already exists' } });
  });

  it("falls back to the server's message when the catalogue cannot be loaded", async () => {
    mockApi(
      {
        'GET /api/thing': { status: 409, body: errorBody(6, 'Already exists') },
        'GET /api/content/error-codes': { status: 500, body: errorBody(1) },
      },
      { withShell: false },
    );
    await request('/api/thing');
    expect(getGlobalError()).toMatchObject({
      kind: 'modal',
      message: { kind: 'text', text: 'Already exists' },
    });
  });

  it('ignores error code 40 (no draft orders)', async () => {
    mockApi(
      { 'GET /api/v1/orders/drafts': { status: 404, body: errorBody(40, 'No drafts') } },
      { withShell: false },
    );
    const result = await request('/api/v1/orders/drafts');
    expect(result).toMatchObject({ error: { errorCode: 40 }, status: 404 });
    expect(getGlobalError()).toBeNull();
  });

  it('raises the global error for success:false with status 200', async () => {
    mockApi(
      {
        'GET /api/thing': { status: 200, body: errorBody(10, 'Rule broken') },
        'GET /api/content/error-codes': { body: { success: true, errorCodes: [] } },
      },
      { withShell: false },
    );
    const result = await request('/api/thing');
    expect(result).toMatchObject({ data: null, status: 200, error: { errorCode: 10 } });
    expect(getGlobalError()).toMatchObject({ kind: 'modal', message: { kind: 'text', text: 'Rule broken' } });
  });

  it('keeps the system-problem page when a later error would open a modal', async () => {
    mockApi(
      { 'GET /api/a': { status: 500 }, 'GET /api/b': { status: 409, body: errorBody(6, 'Conflict') } },
      { withShell: false },
    );
    await request('/api/a');
    await request('/api/b');
    expect(getGlobalError()).toEqual({ kind: 'system' });
  });
});
