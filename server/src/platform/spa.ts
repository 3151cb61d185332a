import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { splitLocalePath, type Locale } from '@tessera/domain';

/** Paths that are never the SPA: unknown ones answer JSON 404 (ARCHITECTURE §5). */
const NOT_SPA = /^\/(api|metrics|dev|sandbox)(\/|$)/;

export function isSpaPath(url: string): boolean {
  return !NOT_SPA.test(url.split('?')[0] ?? '/');
}

/** What a reader of the HTML sees before any script runs: screen readers, search engines, link previews. */
const HEAD_TEXTS: Record<Locale, { title: string; description: string; ogLocale: string }> = {
  el: {
    title: 'Tessera · Κάρτες σίτισης, δώρων και παροχών για επιχειρήσεις',
    description:
      'Παραγγείλτε, φορτίστε και διαχειριστείτε κάρτες Ticket Restaurant, δωροκάρτες, Spendeo και MyBenefits για τους εργαζομένους σας.',
    ogLocale: 'el_GR',
  },
  en: {
    title: 'Tessera · Meal, gift and benefit cards for companies',
    description:
      'Order, load and manage Ticket Restaurant, gift, Spendeo and MyBenefits cards for your employees.',
    ogLocale: 'en_GB',
  },
};

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * `index.html` in one language (issue 13 §9): `<html lang>`, the title, the description and the
 * Open Graph tags set in the HTML itself, whatever the build wrote there.
 */
export function localizeIndexHtml(indexHtml: string, locale: Locale): string {
  const texts = HEAD_TEXTS[locale];
  const head = [
    `<title>${escapeAttribute(texts.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(texts.description)}" />`,
    `<meta property="og:title" content="${escapeAttribute(texts.title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(texts.description)}" />`,
    `<meta property="og:locale" content="${texts.ogLocale}" />`,
    `<meta property="og:site_name" content="Tessera" />`,
  ].join('\n    ');
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(name="description"|property="og:[a-z_]+")[^>]*>\s*/gi, '');
  const withLang = /<html[^>]*>/i.test(stripped)
    ? stripped.replace(/<html[^>]*>/i, `<html lang="${locale}">`)
    : `<html lang="${locale}">${stripped}`;
  // After the charset declaration, which must stay first in the head.
  if (/<meta charset[^>]*>/i.test(withLang)) {
    return withLang.replace(/<meta charset[^>]*>/i, (tag) => `${tag}\n    ${head}`);
  }
  return /<head[^>]*>/i.test(withLang)
    ? withLang.replace(/<head[^>]*>/i, (tag) => `${tag}\n    ${head}`)
    : withLang.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${head}</head>`);
}

/** A page's title and summary (its CMS texts), drawn in the page's HTML before any script. */
export type PageTexts = { title: string; summary: string };

const H1_STYLE =
  'style="--title-fw: var(--mantine-h1-font-weight); --title-lh: var(--mantine-h1-line-height); ' +
  '--title-fz: var(--mantine-h1-font-size);"';

/**
 * The sign-in card as the app draws it (`AuthLayout` with Mantine's `Title` and `Text`, classes and
 * variables as they render).
 */
function signInCardHtml(texts: PageTexts): string {
  const title = `<h1 class="tessera-auth__title m_8a5d1357 mantine-Title-root" data-order="1" id="auth-title" ${H1_STYLE}>${escapeAttribute(texts.title)}</h1>`;
  const summary = texts.summary
    ? `<p class="tessera-auth__summary m_b6d8b162 mantine-Text-root">${escapeAttribute(texts.summary)}</p>`
    : '';
  return `<section class="tessera-auth" aria-labelledby="auth-title"><div class="tessera-auth__card">${title}${summary}</div></section>`;
}

/** A content page's hero as the app draws it (`ContentHome`'s hero with `PageHeader`). */
function heroHtml(texts: PageTexts): string {
  const title = `<h1 class="m_8a5d1357 mantine-Title-root" data-order="1" ${H1_STYLE}>${escapeAttribute(texts.title)}</h1>`;
  const summary = texts.summary
    ? '<p class="tessera-page-header__summary m_b6d8b162 mantine-Text-root" data-size="lg" ' +
      'style="--text-fz: var(--mantine-font-size-lg); --text-lh: var(--mantine-line-height-lg);">' +
      `${escapeAttribute(texts.summary)}</p>`
    : '';
  return `<article class="tessera-page"><div class="tessera-hero"><div class="tessera-page-header">${title}${summary}</div></div></article>`;
}

/**
 * The frame's main area drawn by the server (ADR 054 amendment): `markup` instead of the loading
 * note, the main marked `data-server-drawn`. The page's largest text then paints with the HTML, not
 * after the app's boot: the app waits for that paint, draws the same main area in its first render
 * (`HydrateFallback`) and its own when the page is ready, in the same place; the journeys check
 * both are drawn alike (`e2e/server-drawn.spec.ts`).
 */
function withServerDrawnMain(indexHtml: string, markup: string): string {
  return indexHtml.replace(
    /<main class="tessera-container tessera-main">[\s\S]*?<\/main>/,
    () => `<main class="tessera-container tessera-main" data-server-drawn="">${markup}</main>`,
  );
}

/**
 * The sign-in page with the interaction the server started for it (ADR 054 amendment): the app
 * reads it before it boots (`web/src/features/identity/sign-in-start.ts`) and puts it in the
 * address, as the provider's redirect would have. With the page's texts, the main area shows the
 * sign-in card's title and summary.
 */
export function withInteraction(indexHtml: string, interaction: string, texts?: PageTexts | null): string {
  const meta = `<meta name="tessera-interaction" content="${escapeAttribute(interaction)}" />`;
  const withMeta = /<meta charset[^>]*>/i.test(indexHtml)
    ? indexHtml.replace(/<meta charset[^>]*>/i, (tag) => `${tag}\n    ${meta}`)
    : indexHtml.replace(/<head[^>]*>/i, (tag) => `${tag}${meta}`);
  return texts?.title ? withServerDrawnMain(withMeta, signInCardHtml(texts)) : withMeta;
}

/** The home page for a visitor, its hero (the `home` page's title and summary) drawn by the server. */
export function withHomeHero(indexHtml: string, texts: PageTexts): string {
  return texts.title ? withServerDrawnMain(indexHtml, heroHtml(texts)) : indexHtml;
}

/** The cardholder area (issue 35, ADR 048): `/my`, `/en/my` and every page under them. */
const MY_AREA = /^(\/en)?\/my(\/|$)/;

/** The texts of the cardholder area's static shell (`web/my.html`, written in Greek), per language. */
const MY_TEXTS: Record<Locale, Record<string, string>> = {
  el: {
    title: 'Tessera · Οι κάρτες μου',
    description: 'Το υπόλοιπο, οι κινήσεις και τα καταστήματα της κάρτας σας Tessera.',
    heading: 'Οι κάρτες μου',
    loading: 'Φόρτωση…',
    lang: 'English',
  },
  en: {
    title: 'Tessera · My cards',
    description: 'The balance, movements and stores of your Tessera card.',
    heading: 'My cards',
    loading: 'Loading…',
    lang: 'Ελληνικά',
  },
};

/**
 * `my.html` in one language: `<html lang>`, title, description, the language's manifest, the
 * shell's texts (elements marked `data-my="…"`) and its two links (home, the other language).
 */
export function localizeMyHtml(myHtml: string, locale: Locale): string {
  const texts = MY_TEXTS[locale];
  const other: Locale = locale === 'en' ? 'el' : 'en';
  return myHtml
    .replace(/<html[^>]*>/i, `<html lang="${locale}">`)
    .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeAttribute(texts.title!)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*"/i, `$1${escapeAttribute(texts.description!)}"`)
    .replace(/href="\/my\.(el|en)\.webmanifest"/, `href="/my.${locale}.webmanifest"`)
    .replace(/(data-my="home" href=")[^"]*"/, `$1${locale === 'en' ? '/en/my' : '/my'}"`)
    .replace(
      /(data-my="lang" href=")[^"]*"( lang=")[a-z]+"/,
      `$1${other === 'en' ? '/en/my' : '/my'}"$2${other}"`,
    )
    .replace(/(data-my="(\w+)"[^>]*>)[^<]*/g, (whole, open: string, key: string) =>
      key in texts ? `${open}${escapeAttribute(texts[key]!)}` : whole,
    );
}

/** The cardholder area's page of each app (kept beside the app, which has no field for it). */
const myPages = new WeakMap<FastifyInstance, Record<Locale, string>>();

/** The SPA's page for a path: Greek, or English under `/en`; the cardholder area's own under `/my`. */
export function indexHtmlFor(app: FastifyInstance, url: string): string | undefined {
  const pages = app.spaIndexHtml;
  if (!pages) return undefined;
  const pathname = url.split('?')[0] ?? '/';
  const locale = splitLocalePath(pathname).locale;
  const my = MY_AREA.test(pathname) ? myPages.get(app) : undefined;
  return my ? my[locale] : pages[locale];
}

/**
 * Serves the built SPA: hashed assets with a long cache, precompressed (brotli or gzip, as the
 * client accepts), and `index.html` for every other GET that is not an API path (history
 * fallback). Returns false when there is no build to serve.
 */
export async function installSpa(app: FastifyInstance, distFolder: string): Promise<boolean> {
  const root = path.resolve(distFolder);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = await readFile(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes `file.br` and `file.gz` beside each text file (web/vite.config.ts); the one
    // the client accepts is sent with its content-encoding and `vary: accept-encoding`, else the
    // file itself. A response that already has a content-encoding is left alone by
    // @fastify/compress, so registering it later compresses nothing twice.
    preCompressed: true,
    // The compressed siblings are not pages of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      const cached = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', cached ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The cardholder area's service worker sits at the root and is registered for /my and /en/my.
      if (path.basename(filePath) === 'my-sw.js') res.header('service-worker-allowed', '/');
    },
  });
  app.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.sendFile(`assets/${file}`);
  });
  const myFile = path.join(root, 'my.html');
  if (existsSync(myFile)) {
    const myHtml = await readFile(myFile, 'utf8');
    myPages.set(app, { el: localizeMyHtml(myHtml, 'el'), en: localizeMyHtml(myHtml, 'en') });
  }
  app.decorate('spaIndexHtml', {
    el: localizeIndexHtml(indexHtml, 'el'),
    en: localizeIndexHtml(indexHtml, 'en'),
  });
  return true;
}
