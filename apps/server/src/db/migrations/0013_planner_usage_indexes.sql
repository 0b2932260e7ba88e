CREATE INDEX "pdf_exports_created_idx" ON "pdf_exports" USING btree ("created_at","ride_id");--> statement-breakpoint
CREATE INDEX "ride_shares_created_idx" ON "ride_shares" USING btree ("created_at","ride_id");--> statement-breakpoint
CREATE INDEX "ride_access_key_uses_created_idx" ON "ride_access_key_uses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_managers_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'manager';