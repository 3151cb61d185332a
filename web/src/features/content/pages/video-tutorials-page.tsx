import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatDuration, isoDuration } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useVideoTutorials, type VideoTutorial } from '../api/get-video-tutorials';
import { PageHeader } from '../../../ui/page-header';
import { VideoLink, VideoPlayer } from '../components/video-player';

function byCategory(items: VideoTutorial[]): [string, VideoTutorial[]][] {
  const groups = new Map<string, VideoTutorial[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups.entries()];
}

/** `/video-tutorials`: videos grouped by category, each with title, description and length. */
export function VideoTutorialsPage() {
  const intl = useIntl();
  const videos = useVideoTutorials();
  const title = intl.formatMessage({ id: 'videos.title' });
  useDocumentTitle(title);

  return (
    <section className="tessera-page">
      <PageHeader title={title} summary={intl.formatMessage({ id: 'videos.summary' })} />
      {videos.isPending ? (
        <LoadingState />
      ) : videos.isError ? (
        <ErrorState onRetry={() => void videos.refetch()} />
      ) : videos.data.length === 0 ? (
        <EmptyState message={intl.formatMessage({ id: 'videos.empty' })} />
      ) : (
        byCategory(videos.data).map(([category, items]) => (
          <section key={category} className="tessera-video-group" aria-label={category || title}>
            {category ? (
              <Title order={2} size="h3" mb="md">
                {category}
              </Title>
            ) : null}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" component="ul" className="tessera-tiles">
              {items.map((video) => (
                <Card key={video.id} component="li" withBorder padding="lg" radius="md">
                  <VideoPlayer url={video.videoUrl} title={video.title} />
                  <Title order={3} size="h4" mt="md">
                    {video.title}
                  </Title>
                  <Text size="sm" className="tessera-video__duration">
                    {intl.formatMessage({ id: 'videos.duration' })}{' '}
                    <time dateTime={isoDuration(video.durationSeconds)}>
                      {formatDuration(video.durationSeconds)}
                    </time>
                  </Text>
                  <Text mt="xs">{video.description}</Text>
                  <VideoLink url={video.videoUrl} title={video.title} />
                </Card>
              ))}
            </SimpleGrid>
          </section>
        ))
      )}
    </section>
  );
}
