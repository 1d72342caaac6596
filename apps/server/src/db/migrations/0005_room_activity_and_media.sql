ALTER TABLE "message" ADD COLUMN "media_type" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "media_width" integer;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "media_height" integer;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "media_preview_key" text;--> statement-breakpoint
ALTER TABLE "room" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "room_member_joined_idx" ON "room_member" USING btree ("room_id","joined_at","user_id");--> statement-breakpoint
UPDATE "room" SET "last_activity_at" = coalesce((SELECT max("m"."created_at") FROM "message" "m" WHERE "m"."room_id" = "room"."id"), "room"."created_at");
