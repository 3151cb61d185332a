import {
  emailGreeting,
  ROLE,
  WEBHOOK_MAX_CONSECUTIVE_FAILURES,
  type CreateWebhookEndpointRequest,
  type Locale,
  type UpdateWebhookEndpointRequest,
  type User,
  type WebhookDelivery,
  type WebhookEndpoint,
  addDays,
  athensDate,
  EXPIRING_WINDOW_DAYS,
} from '@tessera/domain';
import { auditChange, writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { SecondFactorState } from '../../platform/step-up';
import { assertFreshSecondFactor } from '../../platform/step-up';
import {
  isLoopbackHost,
  judgeHost,
  systemResolveHost,
  type ResolveHost,
} from '../../platform/outbound-address';
import { createDeliveryAgent, sendEvent } from './deliver';
import { onWebhookEventPublished, publishEvent, RETRY_WINDOW_MS } from './publish-event';
import * as repository from './repository';
import type { DeliveryWithEvent, EndpointRow } from './repository';
import { newWebhookSecret } from './signing';

export const DISPATCH_JOB = 'webhooks.dispatch';
export const DISPATCH_CRON = '* * * * *';
export const EXPIRY_JOB = 'webhooks.card-expiry';
export const EXPIRY_CRON = '15 4 * * *';

/** Waits after the 1st, 2nd, … failed attempt; the last repeats until the three days end. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
/** How long a claimed delivery is held by the dispatcher sending it. */
const LEASE_MS = 2 * 60_000;
const ENTITY = 'webhook-endpoint';

/** A card the expiry job announces (`card.expiring`). */
export type ExpiringCard = {
  cardId: string;
  companyId: string;
  expiryDate: string;
  maskedNumber: string;
  cardName: string;
  status: string;
  doNotRenew: boolean;
};

/** Who changes endpoints: a person of the portal, or an API client (no user, no second factor). */
export type WebhookActor = {
  companyId: string;
  userId: string | null;
  requestId?: string;
  secondFactor?: SecondFactorState;
  /** The API client's public id, when it is one (audited under it). */
  apiClientId?: string;
};

const MAIL: Record<Locale, { subject: string; text: string }> = {
  el: {
    subject: 'Το webhook {url} απενεργοποιήθηκε',
    text:
      '{greeting}\n\nΤο endpoint webhook {url} της εταιρείας {company} απενεργοποιήθηκε, επειδή οι αποστολές σε αυτό αποτύγχαναν επανειλημμένα (τελευταία απάντηση: {last}).\n\n' +
      'Διορθώστε το endpoint και ενεργοποιήστε το ξανά από τη σελίδα {pageUrl}· οι αποστολές που απέτυχαν μπορούν να σταλούν ξανά από το ιστορικό αποστολών.',
  },
  en: {
    subject: 'The webhook {url} was disabled',
    text:
      '{greeting}\n\nThe webhook endpoint {url} of company {company} was disabled because deliveries to it failed repeatedly (last answer: {last}).\n\n' +
      'Fix the endpoint and enable it again at {pageUrl}; failed deliveries can be replayed from its delivery log.',
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    endpointId: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    status: row.disabledAt ? 'disabled' : 'enabled',
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledAt ? (row.disabledReason ?? 'manual') : null,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  };
}

function deliveryView(row: DeliveryWithEvent): WebhookDelivery {
  return {
    deliveryId: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    state: row.state,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastResponseExcerpt: row.lastResponseExcerpt,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.state === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The wait after the `attempts`-th failed attempt. */
export function backoffAfter(attempts: number, schedule: readonly number[] = BACKOFF_MS): number {
  return schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1]!;
}

/**
 * Webhooks (issue 22 §3, ADR 035): a company's endpoints, kept by its order manager (or its own
 * systems through the public API); the dispatcher that delivers the outbox's events, retried with
 * backoff for three days and signed; the delivery log and replay; the disabling of an endpoint
 * that keeps failing, told to the company's order managers by mail.
 */
export function createWebhooksService(deps: {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  /** The company's users (order managers are mailed when an endpoint is disabled). */
  companyUsers: (companyId: string) => Promise<User[]>;
  /** The live cards of these companies expiring between the two days (inclusive, `YYYY-MM-DD`). */
  expiringCards: (companyIds: string[], fromDay: string, untilDay: string) => Promise<ExpiringCard[]>;
  publicUrl: string;
  /**
   * Endpoints may reach loopback, private, link-local and other non-public addresses, and plain
   * http to this machine (WEBHOOK_ALLOW_PRIVATE: development and tests, never production).
   */
  allowPrivateTargets: boolean;
  /** The DNS look-up of endpoint names, at registration and at every connection (tests replace it). */
  resolveHost?: ResolveHost;
  now?: () => Date;
  /** Waits between attempts (tests shorten nothing: they move the clock). */
  backoffMs?: readonly number[];
  /** Failed attempts in a row after which an endpoint is disabled. */
  maxConsecutiveFailures?: number;
  /** One attempt's time limit. */
  timeoutMs?: number;
}) {
  const clock = deps.now ?? (() => new Date());
  const maxFailures = deps.maxConsecutiveFailures ?? WEBHOOK_MAX_CONSECUTIVE_FAILURES;
  const resolveHost = deps.resolveHost ?? systemResolveHost;
  const agent = createDeliveryAgent({ resolveHost, allowPrivate: deps.allowPrivateTargets });

  /**
   * A url an endpoint may have: https to a public address (issue 33 §1: judged by every address
   * its host is or resolves to, not by its spelling); plain http and non-public addresses only when
   * private targets are allowed, and http then only to this machine. The connection judges the
   * name again (deliver.ts), so this check is the clear answer to the person, not the only guard.
   */
  async function checkedUrl(text: string): Promise<string> {
    const refuse = (key: 'invalidValue' | 'webhookUrlNotPublic' | 'webhookHostUnknown', why: string) =>
      new AppError('VALIDATION', `webhook url refused (${why}): ${text.slice(0, 100)}`, {
        fields: [{ field: 'url', key }],
      });
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw refuse('invalidValue', 'malformed');
    }
    if (url.username || url.password) throw refuse('invalidValue', 'credentials');
    const isHttpAllowed =
      url.protocol === 'http:' && deps.allowPrivateTargets && isLoopbackHost(url.hostname);
    if (url.protocol !== 'https:' && !isHttpAllowed) throw refuse('invalidValue', url.protocol);
    if (!deps.allowPrivateTargets) {
      const verdict = await judgeHost(url.hostname, resolveHost);
      if (verdict.kind === 'not-public') throw refuse('webhookUrlNotPublic', verdict.range);
      if (verdict.kind === 'unresolved') throw refuse('webhookHostUnknown', verdict.reason);
    }
    return url.toString();
  }

  async function ownEndpoint(companyId: string, endpointId: string): Promise<EndpointRow> {
    const row = await repository.endpointOfCompany(deps.db, companyId, endpointId);
    if (!row) throw new AppError('NOT_FOUND', `webhook endpoint ${endpointId} is not one of ${companyId}`);
    return row;
  }

  /** The audit entry of a change: the person's, or the API client's (no user). */
  async function audit(
    tx: Parameters<typeof writeAudit>[0],
    actor: WebhookActor,
    change: { action: string; entityId: string; before?: unknown; after?: unknown },
  ) {
    if (actor.userId) {
      await auditChange(
        tx,
        {
          userId: actor.userId,
          companyId: actor.companyId,
          ...(actor.requestId ? { requestId: actor.requestId } : {}),
        },
        { entity: ENTITY, ...change, before: change.before ?? null, after: change.after ?? null },
      );
    } else {
      await writeAudit(tx, {
        actorUserId: null,
        companyId: actor.companyId,
        action: change.action,
        entity: ENTITY,
        entityId: change.entityId,
        before: change.before ?? null,
        after: { ...(change.after as object), apiClientId: actor.apiClientId ?? null },
      });
    }
  }

  /** Tells the company's order managers, each in their language, that the endpoint was disabled. */
  async function mailDisabled(endpoint: EndpointRow, last: string): Promise<void> {
    const users = await deps.companyUsers(endpoint.companyId);
    for (const user of users.filter((u) => !u.isLocked && u.userRoleId === ROLE.ORDER_MANAGER)) {
      const locale = user.preferredLanguage;
      const values = {
        greeting: emailGreeting(user.firstName, locale),
        url: endpoint.url,
        company: endpoint.companyId,
        last,
        pageUrl: `${deps.publicUrl}${locale === 'el' ? '' : `/${locale}`}/account/webhooks`,
      };
      await deps.mailer.send({
        to: user.email,
        subject: fill(MAIL[locale].subject, values),
        text: fill(MAIL[locale].text, values),
      });
    }
  }

  /** One attempt of a claimed delivery, and what it changes: the log, the schedule, the endpoint. */
  async function attempt(deliveryId: string, now: Date): Promise<void> {
    const found = await repository.deliveryToSend(deps.db, deliveryId);
    if (!found || found.delivery.state !== 'pending') return;
    const { delivery, event, endpoint } = found;
    // Disabled since it was claimed: it waits, due, for the endpoint to be enabled again.
    if (endpoint.disabledAt) {
      await repository.updateDelivery(deps.db, delivery.id, { nextAttemptAt: now });
      return;
    }
    const attempts = delivery.attempts + 1;
    const result = await sendEvent(endpoint, event, {
      attempt: attempts,
      signedAt: new Date(),
      timeoutMs: deps.timeoutMs ?? 10_000,
      agent,
    });
    const record = {
      attempts,
      lastAttemptAt: now,
      lastStatusCode: result.statusCode,
      lastResponseExcerpt: result.excerpt,
      lastError: result.error,
    };
    let disabled = false;
    await deps.db.transaction(async (tx) => {
      if (result.ok) {
        await repository.updateDelivery(tx, delivery.id, {
          ...record,
          state: 'succeeded',
          deliveredAt: now,
          nextAttemptAt: null,
        });
        await repository.resetFailures(tx, endpoint.id);
        return;
      }
      const next = new Date(now.getTime() + backoffAfter(attempts, deps.backoffMs));
      const isOver = next.getTime() > delivery.expiresAt.getTime();
      await repository.updateDelivery(tx, delivery.id, {
        ...record,
        state: isOver ? 'failed' : 'pending',
        nextAttemptAt: isOver ? null : next,
      });
      const failures = await repository.countFailure(tx, endpoint.id);
      if (failures >= maxFailures || isOver) {
        disabled = await repository.disableForFailures(tx, endpoint.id, now);
        if (disabled) {
          await writeAudit(tx, {
            actorUserId: null,
            companyId: endpoint.companyId,
            action: 'webhook-endpoint.disable',
            entity: ENTITY,
            entityId: endpoint.id,
            before: { status: 'enabled' },
            after: { status: 'disabled', reason: 'failures', consecutiveFailures: failures },
          });
        }
      }
    });
    if (disabled) {
      await mailDisabled(
        endpoint,
        result.statusCode !== null ? `HTTP ${result.statusCode}` : (result.error ?? ''),
      ).catch(() => undefined);
    }
  }

  /** Sends every due delivery (a batch at a time); answers how many were attempted. */
  async function dispatchDue(options: { now?: Date; limit?: number } = {}): Promise<number> {
    const now = options.now ?? clock();
    let total = 0;
    for (;;) {
      const ids = await repository.claimDue(
        deps.db,
        now,
        new Date(now.getTime() + LEASE_MS),
        options.limit ?? 20,
      );
      for (const id of ids) await attempt(id, now);
      total += ids.length;
      if (ids.length < (options.limit ?? 20)) return total;
    }
  }

  /**
   * `card.expiring`: the live cards of companies that listen expiring within 60 days, each told
   * once per expiry date (a marker row), whatever day the job runs.
   */
  async function announceExpiringCards(now: Date = clock()): Promise<number> {
    const companies = await repository.companiesSubscribedTo(deps.db, 'card.expiring');
    if (companies.length === 0) return 0;
    // Athens calendar days (ADR 006), as the card list's "expiring" flag counts them.
    const today = athensDate(now);
    const cards = await deps.expiringCards(companies, today, addDays(today, EXPIRING_WINDOW_DAYS));
    let told = 0;
    for (let start = 0; start < cards.length; start += 200) {
      const batch = cards.slice(start, start + 200);
      await deps.db.transaction(async (tx) => {
        const fresh = await repository.claimExpiryNotices(
          tx,
          batch.map((card) => ({
            cardId: card.cardId,
            expiryDate: card.expiryDate,
            companyId: card.companyId,
          })),
        );
        for (const card of batch.filter((c) => fresh.has(c.cardId))) {
          await publishEvent(tx, {
            companyId: card.companyId,
            type: 'card.expiring',
            at: now,
            data: {
              cardId: card.cardId,
              maskedNumber: card.maskedNumber,
              cardName: card.cardName,
              status: card.status,
              expiryDate: card.expiryDate,
              // Marked "do not renew" on the leavers and expiry page (ADR 036): no replacement comes.
              doNotRenew: card.doNotRenew,
            },
          });
          told += 1;
        }
      });
    }
    return told;
  }

  // The pg-boss jobs: the minute's sweep (once across instances) and the daily expiry notices.
  deps.jobs.define<object>(DISPATCH_JOB, {
    cron: DISPATCH_CRON,
    retryLimit: 1,
    expireInSeconds: 10 * 60,
    handler: async () => void (await dispatchDue()),
  });
  deps.jobs.define<object>(EXPIRY_JOB, {
    cron: EXPIRY_CRON,
    retryLimit: 2,
    handler: async () => void (await announceExpiringCards()),
  });
  // A published event nudges the dispatcher a moment later, once its transaction has likely
  // committed; the sweep catches whatever this misses (ADR 035).
  let nudge: NodeJS.Timeout | undefined;
  const stopListening = onWebhookEventPublished(() => {
    if (!deps.jobs.isWorking || nudge) return;
    nudge = setTimeout(() => {
      nudge = undefined;
      deps.jobs.send(DISPATCH_JOB, {}, { singletonKey: 'nudge', singletonSeconds: 1 }).catch(() => undefined);
    }, 500);
    nudge.unref();
  });

  return {
    dispatchDue,
    announceExpiringCards,

    /** Stops hearing of published events (the app closes). */
    close(): void {
      stopListening();
      if (nudge) clearTimeout(nudge);
    },

    /**
     * Whether an endpoint may be plain http to this machine (WEBHOOK_ALLOW_PRIVATE, development
     * only): the portal's form says what it accepts (issue 34 §3 item 7).
     */
    allowsHttpToLoopback: deps.allowPrivateTargets,

    /** The company's endpoints, never a secret. */
    async list(companyId: string): Promise<WebhookEndpoint[]> {
      return (await repository.endpointsOfCompany(deps.db, companyId)).map(endpointView);
    },

    /** A new endpoint and its signing secret, shown this once (a person needs a fresh second factor). */
    async create(
      request: CreateWebhookEndpointRequest,
      actor: WebhookActor,
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const url = await checkedUrl(request.url);
      if (actor.userId) assertFreshSecondFactor(actor.secondFactor, 'creating a webhook endpoint');
      const secret = newWebhookSecret();
      const row = await deps.db.transaction(async (tx) => {
        const created = await repository.insertEndpoint(tx, {
          companyId: actor.companyId,
          url,
          description: request.description ?? '',
          eventTypes: [...new Set(request.eventTypes)],
          secret,
          createdBy: actor.userId,
        });
        await audit(tx, actor, {
          action: 'webhook-endpoint.create',
          entityId: created.id,
          after: { url, eventTypes: created.eventTypes },
        });
        return created;
      });
      return { endpoint: endpointView(row), secret };
    },

    /** Changes the url, description or event types, or enables (failures forgotten) or disables it. */
    async update(request: UpdateWebhookEndpointRequest, actor: WebhookActor): Promise<WebhookEndpoint> {
      const row = await ownEndpoint(actor.companyId, request.endpointId);
      const url = request.url !== undefined ? await checkedUrl(request.url) : row.url;
      const at = clock();
      const updated = await deps.db.transaction(async (tx) => {
        const changed = await repository.updateEndpoint(tx, row.id, {
          url,
          ...(request.description !== undefined ? { description: request.description } : {}),
          ...(request.eventTypes ? { eventTypes: [...new Set(request.eventTypes)] } : {}),
          ...(request.isEnabled === true
            ? { disabledAt: null, disabledReason: null, consecutiveFailures: 0 }
            : {}),
          ...(request.isEnabled === false && !row.disabledAt
            ? { disabledAt: at, disabledReason: 'manual' as const }
            : {}),
        });
        await audit(tx, actor, {
          action: 'webhook-endpoint.update',
          entityId: row.id,
          before: { url: row.url, eventTypes: row.eventTypes, status: endpointView(row).status },
          after: { url: changed.url, eventTypes: changed.eventTypes, status: endpointView(changed).status },
        });
        return changed;
      });
      return endpointView(updated);
    },

    /** Deletes the endpoint with its delivery log. */
    async remove(endpointId: string, actor: WebhookActor): Promise<void> {
      const row = await ownEndpoint(actor.companyId, endpointId);
      await deps.db.transaction(async (tx) => {
        await repository.deleteEndpoint(tx, row.id);
        await audit(tx, actor, {
          action: 'webhook-endpoint.delete',
          entityId: row.id,
          before: { url: row.url, eventTypes: row.eventTypes },
        });
      });
    },

    /** The endpoint's last 100 deliveries, newest first. */
    async deliveries(companyId: string, endpointId: string): Promise<WebhookDelivery[]> {
      const row = await ownEndpoint(companyId, endpointId);
      return (await repository.deliveriesOfEndpoint(deps.db, row.id, 100)).map(deliveryView);
    },

    /**
     * Sends a delivery again, with the same event id (receivers de-duplicate by it): due now, with
     * three more days of retries.
     */
    async replay(deliveryId: string, actor: WebhookActor): Promise<WebhookDelivery> {
      const row = await repository.deliveryOfCompany(deps.db, actor.companyId, deliveryId);
      if (!row)
        throw new AppError('NOT_FOUND', `webhook delivery ${deliveryId} is not one of ${actor.companyId}`);
      const now = clock();
      const wallClock = new Date();
      await deps.db.transaction(async (tx) => {
        await repository.updateDelivery(tx, row.id, {
          state: 'pending',
          nextAttemptAt: wallClock < now ? wallClock : now,
          expiresAt: new Date(Math.max(now.getTime(), wallClock.getTime()) + RETRY_WINDOW_MS),
        });
        await audit(tx, actor, {
          action: 'webhook-delivery.replay',
          entityId: row.endpointId,
          after: { deliveryId: row.id, eventId: row.eventId },
        });
      });
      // Sent now, not at the next minute's sweep (issue 34 §3 item 8): the dispatcher is queued at
      // once, after the commit, so it finds the delivery due. A queue that cannot take it leaves
      // the delivery to the sweep.
      await deps.jobs.send(DISPATCH_JOB, {}).catch(() => undefined);
      const replayed = await repository.deliveryOfCompany(deps.db, actor.companyId, deliveryId);
      return deliveryView(replayed!);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
