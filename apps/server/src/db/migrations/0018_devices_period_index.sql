DROP INDEX "devices_last_login_idx";--> statement-breakpoint
CREATE INDEX "devices_period_idx" ON "devices" USING btree ("last_login","user_id","first_login","timezone");