import type { Database } from "../../db/client";
import { createBatcher } from "../../db/batcher";
import {
  closeStrangerRooms,
  createStrangerRooms,
  isStrangerRoomMember,
  type NewStrangerRoom,
} from "./queries";

/** What matching needs from the database; tests of the matcher pass an in-memory one. */
export interface StrangerRoomStore {
  create(room: NewStrangerRoom): Promise<void>;
  close(roomId: string): Promise<boolean>;
  isMember(params: { roomId: string; userId: string }): Promise<boolean>;
}

/** Creating and closing rooms are batched: a burst of matches costs a few statements. */
export function strangerRoomStore(db: Database): StrangerRoomStore {
  const create = createBatcher(async (rooms: NewStrangerRoom[]) => {
    await createStrangerRooms(db, rooms);
    return rooms.map(() => undefined);
  });
  const close = createBatcher(async (roomIds: string[]) => {
    const closed = await closeStrangerRooms(db, roomIds);
    return roomIds.map((id) => closed.has(id));
  });
  return {
    create,
    close,
    isMember: (params) => isStrangerRoomMember(db, params),
  };
}
