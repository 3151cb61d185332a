import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api';
import { getGlobalError } from './global-error';
import { createQueryClient } from './query-client';
import { useSession } from './session';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

describe('useSession', () => {
  it('is loading, then unauthenticated for an empty session', async () => {
    mockApi({ 'GET /api/auth/session': { body: {} } }, { withShell: false });
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toEqual({ status: 'unauthenticated', data: null }));
  });

  it('is authenticated with a user', async () => {
    const session = {
      user: { firstName: 'Ελένη', lastName: 'Κ', userRoleId: 3 },
      expires: '2026-12-01T00:00:00Z',
    };
    mockApi({ 'GET /api/auth/session': { body: session } }, { withShell: false });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ status: 'authenticated', data: session }));
  });

  it('never raises the global error', async () => {
    mockApi({ 'GET /api/auth/session': { status: 500 } }, { withShell: false });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(getGlobalError()).toBeNull();
  });
});
