CREATE TABLE "ride_one_time_key_claims" (
	"key_id" integer NOT NULL,
	"user_id" integer,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_one_time_key_claims_pk" PRIMARY KEY("key_id")
);
--> statement-breakpoint
CREATE TABLE "ride_white_label_permissions" (
	"ride_id" integer PRIMARY KEY NOT NULL,
	"users_may_edit" boolean DEFAULT false NOT NULL,
	"users_may_create_one_time_links" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ride_one_time_key_claims" ADD CONSTRAINT "ride_one_time_key_claims_key_id_ride_access_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."ride_access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_one_time_key_claims" ADD CONSTRAINT "ride_one_time_key_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_white_label_permissions" ADD CONSTRAINT "ride_white_label_permissions_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_white_label_permissions" ADD CONSTRAINT "ride_white_label_permissions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;