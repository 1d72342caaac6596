DROP INDEX "follow_following_idx";--> statement-breakpoint
ALTER TABLE "room" ADD COLUMN "direct_pair" text;--> statement-breakpoint
CREATE UNIQUE INDEX "room_direct_pair_uq" ON "room" USING btree ("direct_pair") WHERE "room"."direct_pair" is not null;--> statement-breakpoint
CREATE INDEX "follow_following_idx" ON "follow" USING btree ("following_id","follower_id");