import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@chatsphere/contract";
import { insertMessage } from "../src/features/messages/queries";
import { useTestServer } from "./harness";
import { roomWith } from "./message-fixtures";

/*
 * The message order of messages.test.ts where only PostgreSQL can show it: PGlite runs one
 * statement at a time, so it cannot hold a send open while another one comes. Runs in
 * `npm run test:services`, where the harness's server is on PostgreSQL.
 */

const t = useTestServer();

const db = () => t.server.runtime.services.db;
const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

describe("message.list pages by cursor", () => {
  it("a send waits for an earlier uncommitted one in its room, so `after` cannot skip it", async () => {
    const ann = await t.server.signUp();
    const bob = await t.server.signUp();
    const roomId = await roomWith(db(), ann, bob);
    let bobSend: Promise<ChatMessage> | undefined;
    let bobDone = false;
    await db().transaction(async (tx) => {
      const params = {
        id: "held-open",
        roomId,
        senderId: ann.id,
        content: "slow",
        clientId: null,
      };
      expect(await insertMessage(tx, params)).not.toBeNull();
      bobSend = bob.client.message.send({ roomId, content: "fast" });
      void bobSend.then(() => (bobDone = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Bob's send waits behind the open one instead of committing a later position first.
      expect(bobDone).toBe(false);
      expect((await bob.client.message.list({ roomId })).messages).toEqual([]);
    });
    const fast = await bobSend;
    const afterSlow = await bob.client.message.list({ roomId, after: "held-open" });
    expect(ids(afterSlow.messages)).toEqual([fast?.id]);
  });
});
