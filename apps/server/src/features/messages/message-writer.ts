import { createBatcher } from "../../db/batcher";
import type { Database } from "../../db/client";
import { insertMessages, type NewMessage } from "./queries";

/**
 * Stores room and stranger messages (message.send) in batches: sends that arrive while a batch
 * is being written go together in the next one, one statement and one commit for all of them
 * (insertMessages). Alone, a send waits one turn of the event loop. Answers the stored time, or
 * null when nothing was stored (not a member, room closed, or a repeated clientId); a batch
 * that fails is retried message by message, so one bad message fails alone.
 */
export type MessageWriter = (message: NewMessage) => Promise<Date | null>;

export function createMessageWriter(db: Database): MessageWriter {
  return createBatcher((batch: NewMessage[]) => insertMessages(db, batch));
}
