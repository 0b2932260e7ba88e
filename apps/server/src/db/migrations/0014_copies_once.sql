ALTER TABLE "rides" ADD COLUMN "content_changed_at" timestamp with time zone;--> statement-breakpoint
-- Copies made before this column existed keep their place in search: nothing says they were left unchanged.
UPDATE "rides" SET "content_changed_at" = "created_at" WHERE "based_ride_id" IS NOT NULL;
