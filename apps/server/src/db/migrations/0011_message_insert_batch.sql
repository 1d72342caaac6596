-- message.send's inserts written in batches (features/messages/message-writer.ts): a burst of
-- sends becomes one statement and one transaction, one commit and one WAL flush for all of them
-- instead of one each. Each message keeps the rules of insert_message (migration 0010), which
-- this calls once per message in the order given: a message that may not be stored yields null
-- and the others are stored. The caller orders the messages by room id, so two batches (of this
-- process or another) take their rooms' locks in the same order and cannot deadlock; a room's
-- lock is held until the batch commits, so a room's seq still follows commit order (decision
-- 0019). Returns one row per message, its position (from 1) and its stored time or null.
CREATE FUNCTION insert_messages(
	p_ids text[],
	p_room_ids text[],
	p_sender_ids text[],
	p_client_ids text[],
	p_contents text[],
	p_media_types text[],
	p_media_widths integer[],
	p_media_heights integer[],
	p_media_preview_keys text[]
) RETURNS TABLE (ord integer, created_at timestamp with time zone)
LANGUAGE plpgsql AS $$
BEGIN
	FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
		ord := i;
		created_at := insert_message(p_ids[i], p_room_ids[i], p_sender_ids[i], p_client_ids[i],
			p_contents[i], p_media_types[i], p_media_widths[i], p_media_heights[i],
			p_media_preview_keys[i]);
		RETURN NEXT;
	END LOOP;
END;
$$;
