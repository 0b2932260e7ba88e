CREATE TABLE "place_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"attraction_id" integer,
	"accommodation_id" integer,
	"key" text NOT NULL,
	"word" boolean DEFAULT false NOT NULL,
	"geo_cell" integer NOT NULL,
	CONSTRAINT "place_keys_one_place" CHECK (("place_keys"."attraction_id" IS NULL) <> ("place_keys"."accommodation_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "place_keys" ADD CONSTRAINT "place_keys_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_keys" ADD CONSTRAINT "place_keys_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_keys_key_idx" ON "place_keys" USING btree (("key" COLLATE "C"));--> statement-breakpoint
CREATE INDEX "place_keys_cell_key_idx" ON "place_keys" USING btree ("geo_cell",("key" COLLATE "C"));--> statement-breakpoint
CREATE INDEX "place_keys_attraction_idx" ON "place_keys" USING btree ("attraction_id");--> statement-breakpoint
CREATE INDEX "place_keys_accommodation_idx" ON "place_keys" USING btree ("accommodation_id");