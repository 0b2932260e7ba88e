CREATE TABLE "ride_calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_calendar_feeds_ride_user_unique" UNIQUE("ride_id","user_id"),
	CONSTRAINT "ride_calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "ride_calendar_versions" (
	"ride_id" integer PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ride_calendar_feeds" ADD CONSTRAINT "ride_calendar_feeds_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_calendar_feeds" ADD CONSTRAINT "ride_calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_calendar_versions" ADD CONSTRAINT "ride_calendar_versions_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;