import { TEXT, type RoomSummary } from "@chatsphere/contract";
import type { RoomLists } from "../../hooks/use-room-lists";
import { CreateRoomDialog } from "./create-room-dialog";
import { RoomList } from "./room-list";

/**
 * Where a room is chosen: Create room, the user's rooms, then every public room to browse.
 * The left column on wide screens, the 'Change Room' dialog on narrow ones.
 */
export function RoomPicker({
  lists,
  currentId,
  onSelect,
  onCreated,
}: {
  lists: RoomLists;
  currentId?: string;
  onSelect(roomId: string): void;
  onCreated(room: RoomSummary): void;
}) {
  return (
    <div className="grid gap-3 pb-3">
      <div className="px-3 pt-3">
        <CreateRoomDialog onCreated={onCreated} />
      </div>
      <RoomList
        heading={TEXT.yourRooms}
        rooms={lists.mine.rooms}
        isLoading={lists.mine.isLoading}
        pager={lists.mine.pager}
        loadMoreLabel={TEXT.loadMoreYourRooms}
        emptyText={TEXT.noOwnRooms}
        currentId={currentId}
        onSelect={onSelect}
      />
      <RoomList
        heading={TEXT.allRooms}
        rooms={lists.all.rooms}
        isLoading={lists.all.isLoading}
        pager={lists.all.pager}
        loadMoreLabel={TEXT.loadMoreRooms}
        emptyText={TEXT.noRoomsYet}
        currentId={currentId}
        onSelect={onSelect}
      />
    </div>
  );
}
