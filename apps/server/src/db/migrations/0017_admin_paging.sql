DROP INDEX "ride_access_key_uses_created_idx";--> statement-breakpoint
CREATE INDEX "ride_access_key_uses_created_idx" ON "ride_access_key_uses" USING btree ("created_at","key_id");