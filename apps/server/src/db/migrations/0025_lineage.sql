CREATE TABLE "trip_lineage" (
	"ride_id" integer PRIMARY KEY NOT NULL,
	"origin_ride_id" integer,
	"kind" text NOT NULL,
	"base" jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"before_pull" jsonb,
	"pulled_version" integer,
	"notify" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_lineage_kind_check" CHECK ("trip_lineage"."kind" IN ('copy', 'client_copy', 'duplicate'))
);
--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "lineage_id" text;--> statement-breakpoint
ALTER TABLE "ride_extra_information" ADD COLUMN "lineage_id" text;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "day_ids" jsonb;--> statement-breakpoint
ALTER TABLE "trip_lineage" ADD CONSTRAINT "trip_lineage_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_lineage" ADD CONSTRAINT "trip_lineage_origin_ride_id_rides_id_fk" FOREIGN KEY ("origin_ride_id") REFERENCES "public"."rides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_lineage_origin_idx" ON "trip_lineage" USING btree ("origin_ride_id");