import type { CoreCategoryAdminInput } from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { submitForm, type FormResult } from '../../../lib/form-errors';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';

export const CORE_CATEGORIES_ADMIN_PATH = '/api/v1/accounts/coreCategoriesAdmin';
export const SAVE_CORE_CATEGORY_PATH = '/api/v1/accounts/saveCoreCategory';

export type CoreCategoryView = { code: string; nameEl: string; nameEn: string; mccCodes: string[] };
/** The fields the server may name; a wrong MCC code by its place in the list (`mccCodes.2`). */
export const CORE_CATEGORY_FIELDS: readonly string[] = [
  'code',
  'nameEl',
  'nameEn',
  'mccCodes',
  ...Array.from({ length: 200 }, (_, index) => `mccCodes.${index}`),
];
export type CoreCategoryField = string;

const coreCategoriesAdminKey = ['accounts', 'coreCategoriesAdmin'] as const;

/** `GET coreCategoriesAdmin` (role 1): every core category with both names and its MCC codes. */
export const coreCategoriesAdminQueryOptions = () =>
  queryOptions({
    queryKey: coreCategoriesAdminKey,
    queryFn: async ({ signal }) =>
      (
        await requestOrThrow<{ success: true; coreCategories: CoreCategoryView[] }>(
          CORE_CATEGORIES_ADMIN_PATH,
          {
            signal,
          },
        )
      ).coreCategories,
  });

export function useCoreCategoriesAdmin() {
  return useQuery(coreCategoriesAdminQueryOptions());
}

/** `POST saveCoreCategory` (role 1): adds a category or changes its names and MCC codes. */
export function useSaveCoreCategory() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: CoreCategoryAdminInput,
    ): Promise<FormResult<CoreCategoryView, CoreCategoryField>> => {
      const result = await submitForm<{ success: true; coreCategory: CoreCategoryView }, CoreCategoryField>(
        SAVE_CORE_CATEGORY_PATH,
        input,
        CORE_CATEGORY_FIELDS,
        { locale, companyId: null },
      );
      return result.ok ? { ok: true, data: result.data.coreCategory } : result;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}
