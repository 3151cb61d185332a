import pg from 'pg';
import PgBoss from 'pg-boss';
import { currentRole, grantApplicationRole } from './db-roles';

/**
 * Background jobs on pg-boss (ARCHITECTURE §1, §3): a PostgreSQL-backed queue, so a job survives a
 * restart and runs once across instances. pg-boss keeps its own small pool and reaches the
 * database through `Database.url` — the pglite-socket address on the embedded database, where it
 * must never open the data folder itself (ADR 003).
 *
 * Modules `define` their jobs when the app is built; `send` works from then on (it starts the
 * queue without workers on first use); `start` also starts the workers, in `main.ts` once the HTTP
 * server listens (tests start them where they need them). `stop` first aborts the handlers'
 * signal, so a long job stops between two of its steps and is retried later, then stops pg-boss.
 *
 * With an owner role of its own (`migrationUrl`, ADR 041), the server's role may not create
 * anything: pg-boss's schema, its migrations and a partition table per queue (pg-boss 10's
 * `createQueue`) are made as the owner when the queue starts, the server's role is granted DML on
 * them, and the server's pg-boss runs with `migrate: false` (it only checks the schema's version).
 */

export type JobContext = {
  jobId: string;
  /** Aborted when this instance stops: a handler stops at its next step and throws. */
  signal: AbortSignal;
};

export type JobDefinition<T extends object> = {
  handler: (data: T, context: JobContext) => Promise<void>;
  /** Attempts after the first (a handler that throws is retried). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** An attempt running longer than this (a worker that died) is failed and retried. */
  expireInSeconds?: number;
  /** A cron expression (UTC): pg-boss sends the job on schedule, once across instances. */
  cron?: string;
};

/**
 * Options of one `send`: `singletonKey` with `singletonSeconds` makes pg-boss keep one job of that
 * name and key per time slot of that many seconds, across instances (a second send answers null).
 */
export type SendOptions = { singletonKey?: string; singletonSeconds?: number };

export type JobsOptions = {
  /** Where pg-boss connects: `Database.url`. */
  url: string;
  /**
   * The owner role's connection (`Database.migrationUrl`): when it differs from `url`, pg-boss's
   * schema and the queues are made as that role, and pg-boss on `url` creates nothing (ADR 041).
   */
  migrationUrl?: string;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** pg-boss's own pool (the embedded socket serves the app's pool plus a few more). */
  max?: number;
  /** How often an idle worker looks for work. */
  pollingIntervalSeconds?: number;
  /** Cron schedules (off in tests: they need pg-boss's clock monitor). */
  schedule?: boolean;
  /** Overrides every job's retry delay (tests retry at once). */
  retryDelaySeconds?: number;
  /** pg-boss's schema. */
  schema?: string;
};

/** How one attempt of a job ended: its handler returned, or threw (and pg-boss retries it). */
export type JobOutcome = 'completed' | 'failed';

export type Jobs = ReturnType<typeof createJobs>;

/** The queue pg-boss's clock sends cron jobs through; its timekeeper creates it at start. */
const CRON_QUEUE = '__pgboss__send-it';

type QueueSettings = { name: string; retryLimit: number; retryDelay: number; expireInSeconds: number };

export function createJobs(options: JobsOptions) {
  // Each definition keeps its payload type; the registry holds them as one erased type.
  const definitions = new Map<string, JobDefinition<object>>();
  const startHooks: (() => Promise<void>)[] = [];
  const observers: ((queue: string, outcome: JobOutcome) => void)[] = [];
  let booting: Promise<PgBoss> | undefined;
  let working = false;
  /** This instance's worker of each queue: told at once of a job sent here. */
  const workerIds = new Map<string, string>();
  let stopped = false;
  let abort = new AbortController();

  const schema = options.schema ?? 'pgboss';
  const hasOwner = options.migrationUrl !== undefined && options.migrationUrl !== options.url;

  function queueSettings(): QueueSettings[] {
    return [...definitions].map(([name, definition]) => ({
      name,
      retryLimit: definition.retryLimit ?? 3,
      retryDelay: options.retryDelaySeconds ?? definition.retryDelaySeconds ?? 30,
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    }));
  }

  async function createQueues(boss: PgBoss): Promise<void> {
    for (const queue of queueSettings()) {
      await boss.createQueue(queue.name, queue);
      // A queue made by an earlier version keeps its settings unless told.
      await boss.updateQueue(queue.name, queue);
    }
  }

  /**
   * As the owner role: pg-boss's schema (made or migrated), every defined queue and the clock's,
   * then the server's role granted DML on them. pg-boss runs on one owner connection, without
   * workers, maintenance or clock.
   */
  async function prepareAsOwner(): Promise<void> {
    const app = new pg.Client({ connectionString: options.url, application_name: 'tessera-jobs' });
    await app.connect();
    const appRole = await currentRole(app).finally(() => app.end());
    const client = new pg.Client({
      connectionString: options.migrationUrl,
      application_name: 'tessera-owner',
    });
    client.on('error', (error) => options.log.error({ err: error }, 'job queue owner connection error'));
    await client.connect();
    try {
      const owner = new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => client.query(text, values) },
        schema,
        migrate: true,
        supervise: false,
        schedule: false,
      });
      owner.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
      await owner.start();
      await createQueues(owner);
      if (options.schedule ?? true) await owner.createQueue(CRON_QUEUE);
      await owner.stop({ graceful: false });
      if (appRole !== (await currentRole(client))) await grantApplicationRole(client, appRole, [schema]);
    } finally {
      await client.end();
    }
  }

  async function boot(): Promise<PgBoss> {
    if (hasOwner) await prepareAsOwner();
    const boss = new PgBoss({
      connectionString: options.url,
      max: options.max ?? 3,
      schema,
      application_name: 'tessera-jobs',
      schedule: options.schedule ?? true,
      supervise: true,
      // The owner made and migrated the schema: here pg-boss only checks its version.
      migrate: !hasOwner,
    });
    boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
    await boss.start();
    if (!hasOwner) await createQueues(boss);
    return boss;
  }

  function queue(): Promise<PgBoss> {
    if (stopped) return Promise.reject(new Error('the job queue is stopped'));
    booting ??= boot().catch((error: unknown) => {
      booting = undefined;
      throw error;
    });
    return booting;
  }

  return {
    /** Declares a job and its handler (before `start`). */
    define<T extends object>(name: string, definition: JobDefinition<T>): void {
      if (booting) throw new Error(`job ${name} defined after the queue started`);
      definitions.set(name, definition as unknown as JobDefinition<object>);
    },

    /** Runs when the workers start (a module resuming work a stopped instance left). */
    onStart(hook: () => Promise<void>): void {
      startHooks.push(hook);
    },

    /** Hears how each attempt this instance runs ends (the metrics count them). */
    observe(observer: (queue: string, outcome: JobOutcome) => void): void {
      observers.push(observer);
    },

    /**
     * Whether pg-boss answers a trivial query on its own pool: the readiness probe's question, as a
     * worker or a `send` would meet it. Starts the queue when nothing did yet, as `send` does; a
     * stopped queue (shutting down) is not ready.
     */
    async isReady(): Promise<boolean> {
      try {
        const boss = await queue();
        await boss.getDb().executeSql('select 1', []);
        return true;
      } catch {
        return false;
      }
    },

    /**
     * Jobs waiting in each defined queue (created or waiting for a retry, not yet running), or
     * undefined while the queue is not started: a metrics scrape must neither start it nor fail.
     */
    async queueSizes(): Promise<Map<string, number> | undefined> {
      if (!booting || stopped) return undefined;
      const boss = await booting.catch(() => undefined);
      if (!boss) return undefined;
      return new Map(
        await Promise.all(
          [...definitions.keys()].map(async (name) => [name, await boss.getQueueSize(name)] as const),
        ),
      );
    },

    /**
     * Queues a job; answers its id (null when a singleton of it is already queued in its slot). A worker of this instance starts on it at once instead of at
     * its next poll (other instances find it when they poll).
     */
    async send<T extends object>(
      name: string,
      data: T,
      sendOptions: SendOptions = {},
    ): Promise<string | null> {
      const boss = await queue();
      const id = await boss.send(name, data, sendOptions);
      const worker = workerIds.get(name);
      if (worker) boss.notifyWorker(worker);
      return id;
    },

    /** Starts the queue (if not yet) and this instance's workers and schedules. */
    async start(): Promise<void> {
      const boss = await queue();
      if (working) return;
      working = true;
      for (const [name, definition] of definitions) {
        const workerId = await boss.work<object>(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) {
              try {
                await definition.handler(job.data, { jobId: job.id, signal: abort.signal });
              } catch (error) {
                // pg-boss records the failure and retries; the log says why.
                options.log.error({ err: error, job: name, jobId: job.id }, 'job failed');
                for (const observer of observers) observer(name, 'failed');
                throw error;
              }
              for (const observer of observers) observer(name, 'completed');
            }
          },
        );
        workerIds.set(name, workerId);
        if (definition.cron && (options.schedule ?? true)) await boss.schedule(name, definition.cron);
      }
      for (const hook of startHooks) {
        await hook().catch((error: unknown) => options.log.error({ err: error }, 'job start hook failed'));
      }
      options.log.info({ jobs: [...definitions.keys()] }, 'job workers started');
    },

    /** True once the workers run. */
    get isWorking(): boolean {
      return working;
    },

    /**
     * Stops this instance's workers and the queue: running handlers see their signal aborted and
     * stop at their next step (their job is retried, here or on another instance).
     */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      abort.abort();
      const boss = await booting?.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 15_000 });
      working = false;
      workerIds.clear();
      abort = new AbortController();
    },
  };
}
