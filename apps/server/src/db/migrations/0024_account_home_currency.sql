ALTER TABLE "users" ADD COLUMN "home_currency" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_currency_check" CHECK ("users"."home_currency" ~ '^[A-Z]{3}$');