ALTER TABLE "categories" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_owner_idx" ON "categories" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sessions_valid_after";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_token_version_check" CHECK ("users"."token_version" >= 0);