/**
 * The message box's outbox. Texts leave in the order they were typed, one at a time: each
 * waits for the answer to the one before it, so they are stored and shown in that order. The
 * box never waits for an answer, so a fast typist's next Enter is never swallowed. When one
 * is refused or lost, it and the texts queued behind it are not sent and go back to the box,
 * in order, with whatever was typed since: nothing typed is lost.
 */
export interface Outbox {
  /** Queues a text (already trimmed, not blank) and starts sending if nothing is on its way. */
  push(content: string): void;
}

export function createOutbox(options: {
  /** Sends one text; resolves false when it was not sent (refused or lost). */
  send(content: string): Promise<boolean>;
  /** The texts that were not sent, oldest first. */
  onUnsent(texts: string[]): void;
  /** Called after each answer (the box takes the focus back). */
  onSettled?(): void;
}): Outbox {
  const queue: string[] = [];
  let draining = false;

  async function drain() {
    draining = true;
    let next: string | undefined;
    while ((next = queue[0]) !== undefined) {
      const sent = await options.send(next).catch(() => false);
      if (sent) queue.shift();
      else options.onUnsent(queue.splice(0));
      options.onSettled?.();
    }
    draining = false;
  }

  return {
    push(content) {
      queue.push(content);
      if (!draining) void drain();
    },
  };
}

/** What the box holds after a failure: the unsent texts, then what was typed since. */
export const withUnsent = (unsent: string[], current: string) =>
  [...unsent, current].filter((text) => text.trim().length > 0).join("\n");
