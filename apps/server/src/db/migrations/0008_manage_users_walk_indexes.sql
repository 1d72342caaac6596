DROP INDEX "user_created_at_idx";--> statement-breakpoint
DROP INDEX "user_is_anonymous_created_at_idx";--> statement-breakpoint
CREATE INDEX "user_created_at_id_name_idx" ON "user" USING btree ("created_at","id","name");--> statement-breakpoint
CREATE INDEX "user_is_anonymous_created_at_id_name_idx" ON "user" USING btree ("is_anonymous","created_at","id","name");