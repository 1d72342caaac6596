import {
  roomChannel,
  type Region,
  type RoomClosedReason,
  type StrangerRoom,
} from "@chatsphere/contract";
import type { RealtimePublisher } from "../../realtime/realtime";
import type { QueueUser } from "./queue/types";

/** Tells the room a stranger chat ended, then ends its members' subscriptions everywhere. */
export function announceClosed(
  realtime: RealtimePublisher,
  params: { roomId: string; reason: RoomClosedReason; byUserId: string; members: string[] },
) {
  const channel = roomChannel(params.roomId);
  const { roomId, reason, byUserId } = params;
  realtime.publish(channel, "room_closed", { roomId, reason, byUserId });
  realtime.revoke(channel, params.members);
}

/**
 * A picture a stranger may be shown: only one this server stores (a path on this server, as
 * account-rules.ts allows), never a URL that would make the viewer's browser call another
 * host and give away their address (issue 14). Anything else shows the generated avatar.
 */
export const serverPicture = (image: string | null) =>
  image?.startsWith("/files/avatars/") && !image.includes("..") ? image : null;

/** The stranger_matched payload for one side: the room and who is on the other side. */
export const matchedRoom = (roomId: string, other: QueueUser, region: Region): StrangerRoom => ({
  id: roomId,
  partner: { id: other.id, name: other.name, image: serverPicture(other.image) },
  continent: region,
});
