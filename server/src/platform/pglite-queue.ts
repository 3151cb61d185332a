import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * A correction of pglite-socket's query queue (0.2.x; upstream issue electric-sql/pglite#1046,
 * pull request #977). All the socket's connections share PGlite's single backend session, and the
 * queue runs the clients' protocol messages one at a time. It keeps a connection's messages together
 * only while a transaction is open, so outside one two connections' extended-protocol batches
 * (Parse, Bind, Describe, Execute, Sync) interleave: one's Parse replaces the other's unnamed
 * statement before its Bind ("unnamed prepared statement does not exist", or rows of the other
 * query). And a message that throws returns from the loop without clearing its `processing` flag,
 * which stops the queue for good: every later query of every connection waits forever.
 *
 * The replacement loop below keeps a connection's batch together from its first message until its
 * Sync or simple Query (after which the backend is ready for the next client), as well as during a
 * transaction; and it always releases the queue. It relies on the queue's fields, so it checks them
 * and refuses to start on a pglite-socket whose queue looks different.
 */

type QueuedMessage = {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
};

type QueryQueue = {
  db: PGlite;
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
};

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const PROTOCOL_3 = 196_608;

/** Whether the backend is ready for another client once `message` has run. */
function endsBatch(message: Uint8Array): boolean {
  const type = message[0];
  if (type === SYNC || type === QUERY || type === TERMINATE) return true;
  // The startup message has no type byte: length, then the protocol version.
  return (
    message.length >= 8 &&
    new DataView(message.buffer, message.byteOffset, message.byteLength).getInt32(4) === PROTOCOL_3
  );
}

export function keepProtocolBatchesTogether(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue?: QueryQueue }).queryQueue;
  if (
    !queue ||
    !Array.isArray(queue.queue) ||
    typeof queue.processQueue !== 'function' ||
    typeof queue.clearQueueForHandler !== 'function' ||
    !('lastHandlerId' in queue) ||
    !('processing' in queue)
  ) {
    throw new Error('pglite-socket query queue has changed shape: review platform/pglite-queue.ts');
  }
  /** The connection whose batch is open, if any: only its messages run until the batch ends. */
  let owner: number | null = null;

  queue.processQueue = async function processQueue(this: QueryQueue): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const pinned = owner ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = pinned === null ? 0 : this.queue.findIndex((entry) => entry.handlerId === pinned);
        // The pinned connection has not sent its next message yet: enqueueing it wakes the loop.
        if (index === -1) break;
        const [entry] = this.queue.splice(index, 1) as [QueuedMessage];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(entry.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                entry.onData(data);
              },
            }),
          );
        } catch (error) {
          owner = null;
          entry.reject(error);
          continue;
        }
        this.lastHandlerId = entry.handlerId;
        owner = endsBatch(entry.message) ? null : entry.handlerId;
        entry.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = function clearQueueForHandler(this: QueryQueue, handlerId: number): void {
    clear(handlerId);
    // A connection that goes away in the middle of a batch must not keep the others waiting.
    if (owner === handlerId) {
      owner = null;
      void this.processQueue();
    }
  };
}
