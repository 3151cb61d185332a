import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import { guard } from '../../platform/policy';
import { latestMails } from './repository';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * `/dev/mailbox`: the mail outbox as a page (and `/dev/mailbox.json` for tests), mounted only in
 * development and demo mode, so nobody needs an SMTP server to follow a reset link. It holds every
 * user's reset links, so only a signed-in provider admin reads it, in every mode (issue 12 §1).
 */
export function devMailboxRoutes(db: Db): FastifyPluginAsyncZod {
  const latest = (limit: number) => latestMails(db, limit);
  return async (app) => {
    app.addHook('preHandler', guard('mailbox.read'));
    app.get(
      '/mailbox.json',
      { schema: { hide: true, querystring: z.object({ to: z.string().optional() }) } },
      async (request) => {
        const rows = await latest(200);
        const to = request.query.to?.toLowerCase();
        return { success: true, mails: to ? rows.filter((row) => row.to.toLowerCase() === to) : rows };
      },
    );
    app.get('/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const rows = await latest(100);
      const items = rows
        .map(
          (row) => `<article><h2>${escape(row.subject)}</h2>
<p><strong>To:</strong> ${escape(row.to)} · <strong>From:</strong> ${escape(row.from)} · <time>${row.createdAt.toISOString()}</time> · ${escape(row.transport)}${row.error ? ` · <strong>error:</strong> ${escape(row.error)}` : ''}</p>
<pre>${escape(row.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
        )
        .join('\n');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>
</head><body><main><h1>Development mailbox</h1><p>${rows.length} most recent messages from the outbox.</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
    });
  };
}
