import { Anchor } from '@mantine/core';
import { useIntl } from 'react-intl';

type Embed = { kind: 'iframe'; src: string } | { kind: 'file' } | { kind: 'link' };

/** YouTube and Vimeo addresses embed in a player; video files play natively; anything else links. */
export function embedOf(url: string): Embed {
  const youtube =
    /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/i.exec(
      url,
    )?.[1] ?? null;
  if (youtube) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  const vimeo = /vimeo\.com\/(?:video\/)?(\d+)/i.exec(url)?.[1] ?? null;
  if (vimeo) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeo}` };
  if (/\.(mp4|webm|ogg)(\?|#|$)/i.test(url)) return { kind: 'file' };
  return { kind: 'link' };
}

/** The embedded player (or native video) of a tutorial; nothing when the address only links. */
export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const intl = useIntl();
  const embed = embedOf(url);
  if (embed.kind === 'link') return null;
  return (
    <div className="tessera-video">
      {embed.kind === 'iframe' ? (
        <div className="tessera-video__frame">
          <iframe
            src={embed.src}
            title={intl.formatMessage({ id: 'videos.player' }, { title })}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : null}
      {embed.kind === 'file' ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- CMS video files carry no caption track yet; each video has its text description beside it
        <video className="tessera-video__file" controls preload="metadata" src={url} aria-label={title} />
      ) : null}
    </div>
  );
}

/** A link to watch the video on its own page (always offered: embeds can be blocked). */
export function VideoLink({ url, title }: { url: string; title: string }) {
  const intl = useIntl();
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      fw={600}
      mt="sm"
      display="inline-block"
    >
      {intl.formatMessage({ id: 'videos.open' }, { title })}
    </Anchor>
  );
}
