CREATE TABLE "ride_cells" (
	"ride_id" integer NOT NULL,
	"geo_cell" integer NOT NULL,
	"placements" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lng_sum" double precision NOT NULL,
	CONSTRAINT "ride_cells_pkey" PRIMARY KEY("ride_id","geo_cell")
);
--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "geo_point" "point" GENERATED ALWAYS AS (point((round("lng" * 1e9::float8) / 1e9::float8), (round("lat" * 1e9::float8) / 1e9::float8))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "geo_point" "point" GENERATED ALWAYS AS (point((round("lng" * 1e9::float8) / 1e9::float8), (round("lat" * 1e9::float8) / 1e9::float8))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_cells" ADD CONSTRAINT "ride_cells_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_cells_geo_cell_idx" ON "ride_cells" USING btree ("geo_cell");--> statement-breakpoint
CREATE INDEX "accommodations_geo_point_idx" ON "accommodations" USING gist ("geo_point");--> statement-breakpoint
CREATE INDEX "attractions_geo_point_idx" ON "attractions" USING gist ("geo_point");