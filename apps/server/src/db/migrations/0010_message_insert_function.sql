-- message.send's insert (features/messages/queries.ts insertMessage) as a PL/pgSQL function:
-- PL/pgSQL keeps the plan of its statement for the session, so a send no longer parses and
-- plans the statement each time (half the database CPU per send on PGlite, where nothing else
-- can keep a plan; on PostgreSQL the call itself is a named prepared statement). The rules are
-- those of the statement it replaces: a member of an open room who is not banned, once per
-- (sender, room, client id); the room's last activity updated first, which locks its row until
-- commit so sends of a room take their seq in commit order (decision 0019). Returns the stored
-- time, or null when nothing was stored.
CREATE FUNCTION insert_message(
	p_id text,
	p_room_id text,
	p_sender_id text,
	p_client_id text,
	p_content text,
	p_media_type text,
	p_media_width integer,
	p_media_height integer,
	p_media_preview_key text
) RETURNS timestamp with time zone
LANGUAGE plpgsql AS $$
DECLARE
	stored_at timestamp with time zone;
BEGIN
	WITH target AS (
		UPDATE room r SET last_activity_at = clock_timestamp()
		WHERE r.id = p_room_id AND r.closed_at IS NULL
			AND EXISTS (SELECT 1 FROM room_member m WHERE m.room_id = p_room_id AND m.user_id = p_sender_id)
			AND NOT EXISTS (SELECT 1 FROM room_ban b WHERE b.room_id = p_room_id AND b.user_id = p_sender_id)
			AND NOT EXISTS (
				SELECT 1 FROM message c
				WHERE c.sender_id = p_sender_id AND c.room_id = p_room_id AND c.client_id = p_client_id
			)
		RETURNING r.id, r.last_activity_at
	)
	INSERT INTO message (id, room_id, sender_id, client_id, content, created_at,
		media_type, media_width, media_height, media_preview_key)
	SELECT p_id, target.id, p_sender_id, p_client_id, p_content, target.last_activity_at,
		p_media_type, p_media_width, p_media_height, p_media_preview_key
	FROM target
	ON CONFLICT (sender_id, room_id, client_id) DO NOTHING
	RETURNING created_at INTO stored_at;
	RETURN stored_at;
END;
$$;
