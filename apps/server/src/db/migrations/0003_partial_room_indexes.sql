DROP INDEX "room_kind_idx";--> statement-breakpoint
DROP INDEX "room_owner_idx";--> statement-breakpoint
CREATE INDEX "room_public_idx" ON "room" USING btree ("kind","name") WHERE "room"."kind" in ('global', 'user');--> statement-breakpoint
CREATE INDEX "room_owner_idx" ON "room" USING btree ("owner_id") WHERE "room"."owner_id" is not null;