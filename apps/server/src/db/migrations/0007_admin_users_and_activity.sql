-- Manage Users' name filter (user_name_trgm_idx); PGlite loads the extension in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "daily_active_user" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "daily_active_user_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_activity" (
	"day" date PRIMARY KEY NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_sender_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_active_user" ADD CONSTRAINT "daily_active_user_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_active_user_user_idx" ON "daily_active_user" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_is_anonymous_created_at_idx" ON "user" USING btree ("is_anonymous","created_at");--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "room_ban_user_idx" ON "room_ban" USING btree ("user_id");