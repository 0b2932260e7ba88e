ALTER TABLE "accommodations" ADD COLUMN "geo_cell" integer GENERATED ALWAYS AS ((floor("lat" * 2)::integer + 180) * 1000 + (floor("lng" * 2)::integer + 360)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "geo_cell" integer GENERATED ALWAYS AS ((floor("lat" * 2)::integer + 180) * 1000 + (floor("lng" * 2)::integer + 360)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "accommodations_geo_cell_idx" ON "accommodations" USING btree ("geo_cell");--> statement-breakpoint
CREATE INDEX "attractions_geo_cell_idx" ON "attractions" USING btree ("geo_cell");