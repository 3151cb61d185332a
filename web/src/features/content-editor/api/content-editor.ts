import type {
  ContentEntriesResponse,
  ContentEntryResponse,
  ContentPreviewResponse,
  ContentVersionResponse,
  ContentVersionsResponse,
  Locale,
  PublishContentResponse,
} from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestOrThrow, type RequestResult } from '../../../lib/request';
import { isFormFailure } from '../../../lib/form-errors';

/** The content editor's API (issue 18 §5, ADR 025): `/api/content/admin/...`. */
export const CONTENT_ADMIN = '/api/content/admin';

export const contentEditorKeys = {
  all: ['content-editor'] as const,
  entries: ['content-editor', 'entries'] as const,
  entry: (key: string) => ['content-editor', 'entry', key] as const,
  preview: (key: string, locale: Locale) => ['content-editor', 'preview', key, locale] as const,
  versions: (key: string, locale: Locale) => ['content-editor', 'versions', key, locale] as const,
  version: (id: string) => ['content-editor', 'version', id] as const,
};

const fresh = { staleTime: 0 } as const;

export function useContentEntries() {
  return useQuery(
    queryOptions({
      queryKey: contentEditorKeys.entries,
      queryFn: ({ signal }) => requestOrThrow<ContentEntriesResponse>(`${CONTENT_ADMIN}/entries`, { signal }),
      ...fresh,
    }),
  );
}

export function useContentEntry(key: string | null) {
  return useQuery(
    queryOptions({
      queryKey: contentEditorKeys.entry(key ?? ''),
      queryFn: ({ signal }) =>
        requestOrThrow<ContentEntryResponse>(
          `${CONTENT_ADMIN}/entry?${new URLSearchParams({ key: key ?? '' }).toString()}`,
          { signal },
        ),
      enabled: key !== null,
      ...fresh,
    }),
  );
}

/** The draft rendered as the public endpoint would answer, in `locale` (the UI stays in its own language). */
export function useContentPreview(key: string, locale: Locale, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: contentEditorKeys.preview(key, locale),
      queryFn: ({ signal }) =>
        requestOrThrow<ContentPreviewResponse>(
          `${CONTENT_ADMIN}/preview?${new URLSearchParams({ key, locale }).toString()}`,
          { signal },
        ),
      enabled,
      ...fresh,
    }),
  );
}

export function useContentVersions(key: string, locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: contentEditorKeys.versions(key, locale),
      queryFn: ({ signal }) =>
        requestOrThrow<ContentVersionsResponse>(
          `${CONTENT_ADMIN}/versions?${new URLSearchParams({ key, locale }).toString()}`,
          { signal },
        ),
      ...fresh,
    }),
  );
}

export function useContentVersion(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: contentEditorKeys.version(id ?? ''),
      queryFn: ({ signal }) =>
        requestOrThrow<ContentVersionResponse>(`${CONTENT_ADMIN}/versions/${id}`, { signal }),
      enabled: id !== null,
    }),
  );
}

/** Saves a draft of one culture; a 400 naming fields stays with the editor. */
export function saveContentDraft(
  key: string,
  locale: Locale,
  value: unknown,
): Promise<RequestResult<ContentVersionResponse>> {
  return request<ContentVersionResponse>(`${CONTENT_ADMIN}/drafts`, {
    method: 'POST',
    body: { key, locale, value },
    suppressGlobalError: isFormFailure(),
  });
}

/** After a publish or restore: the editor's data and every public content query refetch. */
function useRefreshContent() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contentEditorKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['content'] }),
    ]);
  };
}

export function usePublishContent() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: (key: string) =>
      requestOrThrow<PublishContentResponse>(`${CONTENT_ADMIN}/publish`, { method: 'POST', body: { key } }),
    onSuccess: refresh,
  });
}

export function useRestoreContentVersion() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: (id: string) =>
      requestOrThrow<ContentVersionResponse>(`${CONTENT_ADMIN}/versions/${id}/restore`, { method: 'POST' }),
    onSuccess: refresh,
  });
}
