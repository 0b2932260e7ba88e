ALTER TABLE "ride_access_key_uses" ADD COLUMN "admitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_access_key_uses" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ride_access_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ride_access_keys" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_access_key_uses_one_place" ON "ride_access_key_uses" USING btree ("key_id","user_id") WHERE "ride_access_key_uses"."admitted" AND "ride_access_key_uses"."removed_at" IS NULL;