DROP INDEX "message_room_created_idx";--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "seq" bigint;--> statement-breakpoint
-- Stored messages keep the order they were shown in (created_at, then id), then seq takes over.
UPDATE "message" SET "seq" = "ordered"."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "message") AS "ordered" WHERE "message"."id" = "ordered"."id";--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "message_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"message"', 'seq'), coalesce(max("seq"), 0) + 1, false) FROM "message";--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "client_id" text;--> statement-breakpoint
CREATE INDEX "message_room_seq_idx" ON "message" USING btree ("room_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "message_sender_client_id_uq" ON "message" USING btree ("sender_id","room_id","client_id");
