import type { Locale, VideoTutorialsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { contentKeys } from '../../../lib/query-keys';

export type VideoTutorial = VideoTutorialsResponse['items'][number];

/** `GET /api/content/video-tutorials`. */
export async function getVideoTutorials(locale: Locale, signal?: AbortSignal): Promise<VideoTutorial[]> {
  const response = await requestOrThrow<VideoTutorialsResponse>('/api/content/video-tutorials', {
    locale,
    signal,
  });
  return response.items;
}

export const videoTutorialsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.videoTutorials(locale),
    queryFn: ({ signal }) => getVideoTutorials(locale, signal),
  });

export function useVideoTutorials() {
  return useQuery(videoTutorialsQueryOptions(useLocale()));
}
