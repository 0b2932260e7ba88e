ALTER TABLE "devices" ADD COLUMN "cookie_key" text;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_cookie_key_unique" UNIQUE("user_id","cookie_key");