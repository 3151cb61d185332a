import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { DeliveryPoint, DeliveryPointInput } from '@tessera/domain';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, requestsTo } from '../../test/mock-api';
import {
  COMPANY_DELIVERY_POINTS_PATH,
  deliveryPointChoicesQueryOptions,
} from '../../lib/api/delivery-points';
import { createQueryClient } from '../../lib/query-client';
import { CREATE_DELIVERY_POINT_PATH, useCreateDeliveryPoint } from './api/create-delivery-point';

const point = (id: string, alias: string): DeliveryPoint => ({
  deliveryPointId: id,
  companyId: 'C1001',
  alias,
  street: 'Λεωφόρος Κηφισίας',
  streetNumber: '44',
  postalCode: '15125',
  city: 'Μαρούσι',
  region: 'attica',
  contactName: 'Ελένη Κωνσταντίνου',
  phone: '+302101234567',
  notes: '',
  createdAt: '2025-01-01T10:00:00Z',
});

const INPUT: DeliveryPointInput = {
  alias: 'Αποθήκη',
  street: 'Πειραιώς',
  streetNumber: '10',
  postalCode: '104 31',
  city: 'Αθήνα',
  region: 'attica',
  contactName: 'Νίκος Παππάς',
  phone: '210 123 4567',
  notes: '',
};

describe('delivery points: one query key for every page', () => {
  it('a point created on the account page shows at once in the list the bulk page and the order flow read', async () => {
    const points = [point('dp-1', 'Κεντρικά γραφεία')];
    const fetchMock = mockApi({
      [`GET ${COMPANY_DELIVERY_POINTS_PATH}`]: () => ({
        body: { success: true, deliveryPoints: [...points], total: points.length, page: 1, pageSize: 100 },
      }),
      [`POST ${CREATE_DELIVERY_POINT_PATH}`]: () => {
        const created = point('dp-2', INPUT.alias);
        points.push(created);
        return { body: { success: true, deliveryPoint: created } };
      },
    });
    const queryClient = createQueryClient();
    // The bulk page's and the order flow's read (useDeliveryPointChoices), mounted.
    const choices = new QueryObserver(
      queryClient,
      deliveryPointChoicesQueryOptions({ locale: 'el', companyId: 'C1001' }),
    );
    const seen: string[][] = [];
    const unsubscribe = choices.subscribe((result) => {
      if (result.data) seen.push(result.data.deliveryPoints.map((item) => item.alias));
    });
    await waitFor(() => expect(seen.at(-1)).toEqual(['Κεντρικά γραφεία']));

    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MemoryRouter>
    );
    const { result } = renderHook(() => useCreateDeliveryPoint('C1001'), { wrapper });
    await act(async () => {
      await result.current.mutateAsync(INPUT);
    });

    await waitFor(() => expect(seen.at(-1)).toEqual(['Κεντρικά γραφεία', 'Αποθήκη']));
    expect(requestsTo(fetchMock, COMPANY_DELIVERY_POINTS_PATH)).toHaveLength(2);
    unsubscribe();
  });
});
