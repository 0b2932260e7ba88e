CREATE TABLE "exchange_rates" (
	"day" date NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" text NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_pk" PRIMARY KEY("source","day","base","quote")
);
--> statement-breakpoint
CREATE TABLE "trip_budgets" (
	"ride_id" integer PRIMARY KEY NOT NULL,
	"home_currency" text NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quote_amount_minor" bigint,
	"quote_currency" text,
	"quote_shared" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"paid_by" jsonb NOT NULL,
	"split" jsonb NOT NULL,
	"note" text,
	"activity_id" integer,
	"stay_id" integer,
	"home_currency" text NOT NULL,
	"rate" text NOT NULL,
	"rate_source" text NOT NULL,
	"rate_day" date,
	"rate_to_confirm" boolean DEFAULT false NOT NULL,
	"home_amount_minor" bigint NOT NULL,
	"shares" jsonb NOT NULL,
	"home_paid" jsonb NOT NULL,
	"home_owed" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_expenses_client_unique" UNIQUE("ride_id","client_id"),
	CONSTRAINT "trip_expenses_category_check" CHECK ("trip_expenses"."category" IN ('lodging', 'transport', 'food', 'activities', 'shopping', 'other')),
	CONSTRAINT "trip_expenses_rate_source_check" CHECK ("trip_expenses"."rate_source" IN ('same', 'ecb', 'boi', 'manual', 'stale')),
	CONSTRAINT "trip_expenses_amount_positive" CHECK ("trip_expenses"."amount_minor" > 0),
	CONSTRAINT "trip_expenses_note_len" CHECK (char_length("trip_expenses"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "trip_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_participants_name_len" CHECK (char_length("trip_participants"."name") <= 80)
);
--> statement-breakpoint
CREATE TABLE "trip_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"from_person" integer NOT NULL,
	"to_person" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_settlements_amount_positive" CHECK ("trip_settlements"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "trip_budgets" ADD CONSTRAINT "trip_budgets_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_activity_id_attractions_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."attractions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_stay_id_accommodations_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."accommodations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_participants" ADD CONSTRAINT "trip_participants_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_participants" ADD CONSTRAINT "trip_participants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_settlements" ADD CONSTRAINT "trip_settlements_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_settlements" ADD CONSTRAINT "trip_settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_pair_idx" ON "exchange_rates" USING btree ("base","quote","day");--> statement-breakpoint
CREATE INDEX "trip_expenses_ride_idx" ON "trip_expenses" USING btree ("ride_id","day");--> statement-breakpoint
CREATE INDEX "trip_participants_ride_idx" ON "trip_participants" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "trip_settlements_ride_idx" ON "trip_settlements" USING btree ("ride_id");