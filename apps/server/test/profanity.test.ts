import { describe, expect, it } from "vitest";
import { PROFANITY_REPLACEMENT, roomChannel } from "@chatsphere/contract";
import { PNG_1X1 } from "./content-fixtures";
import { followEachOther } from "./follow-fixtures";
import { useTestServer } from "./harness";
import { isMessageEvent, roomOfKind, rowsOf } from "./message-fixtures";
import { openSocket } from "./realtime-helpers";

/*
 * SPEC §5: room and direct messages pass a profanity filter (English and Hindi, leetspeak and
 * masked spellings) on the server before they are stored; each bad word becomes an emoji.
 * Stranger chat is not filtered.
 */
const t = useTestServer();
const db = () => t.server.runtime.services.db;

describe("the profanity filter", () => {
  it.each(["user", "global", "direct"] as const)(
    "replaces bad words in a %s room before anyone sees them, stored and published alike",
    async (kind) => {
      const ann = await t.server.signUp();
      const bob = await t.server.signUp();
      const roomId = await roomOfKind(db(), kind, ann, bob);
      // A direct chat takes messages only between mutual followers.
      if (kind === "direct") await followEachOther(db(), ann, bob);
      const socket = t.closeAfter(await openSocket(t.server.wsUrl, bob.cookie));
      expect(await socket.sub(roomChannel(roomId))).toBe("subscribed");
      const sent = await ann.client.message.send({ roomId, content: "you f*ck, sh1t happens" });
      const cleaned = `you ${PROFANITY_REPLACEMENT}, ${PROFANITY_REPLACEMENT} happens`;
      expect(sent.content).toBe(cleaned);
      const event = await socket.next(isMessageEvent);
      expect(event.payload.content).toBe(cleaned);
      expect((await rowsOf(db(), roomId)).map((row) => row.content)).toEqual([cleaned]);
    },
  );

  it("catches romanised Hindi too", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomOfKind(db(), "user", ann);
    const sent = await ann.client.message.send({ roomId, content: "tum chutiya ho" });
    expect(sent.content).toBe(`tum ${PROFANITY_REPLACEMENT} ho`);
  });

  it("leaves stranger chat as it was written", async () => {
    const guest = await t.server.signInAsGuest();
    const roomId = await roomOfKind(db(), "stranger", guest);
    const sent = await guest.client.message.send({ roomId, content: "what the fuck" });
    expect(sent.content).toBe("what the fuck");
  });

  it("never rewrites the URL of a file sent into the room, whatever its name", async () => {
    const ann = await t.server.signUp();
    const roomId = await roomOfKind(db(), "user", ann);
    const file = new File([PNG_1X1], "shit.png", { type: "image/png" });
    const { url } = await ann.client.message.uploadMedia({ roomId, file });
    const sent = await ann.client.message.send({ roomId, content: url });
    expect(sent.content).toBe(url);
    expect(sent.media?.kind).toBe("image");
  });
});
