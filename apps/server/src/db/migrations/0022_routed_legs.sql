CREATE TABLE "routed_legs" (
	"service" text NOT NULL,
	"mode" text NOT NULL,
	"from_lat" integer NOT NULL,
	"from_lng" integer NOT NULL,
	"to_lat" integer NOT NULL,
	"to_lng" integer NOT NULL,
	"distance_m" integer NOT NULL,
	"duration_s" integer NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routed_legs_pk" PRIMARY KEY("service","mode","from_lat","from_lng","to_lat","to_lng"),
	CONSTRAINT "routed_legs_service_check" CHECK ("routed_legs"."service" IN ('osrm', 'valhalla', 'graphhopper', 'motis')),
	CONSTRAINT "routed_legs_mode_check" CHECK ("routed_legs"."mode" IN ('walk', 'drive', 'bike', 'transit')),
	CONSTRAINT "routed_legs_distance_check" CHECK ("routed_legs"."distance_m" >= 0),
	CONSTRAINT "routed_legs_duration_check" CHECK ("routed_legs"."duration_s" >= 0)
);
--> statement-breakpoint
CREATE INDEX "routed_legs_fetched_idx" ON "routed_legs" USING btree ("fetched_at");