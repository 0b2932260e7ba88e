ALTER TABLE "users" ADD COLUMN "day_limit_hours" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_day_limit_hours_check" CHECK ("users"."day_limit_hours" BETWEEN 4 AND 20);