CREATE TABLE "ride_client_opens" (
	"ride_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"device" text NOT NULL,
	"opens" integer DEFAULT 1 NOT NULL,
	"first_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_client_opens_pk" PRIMARY KEY("ride_id","user_id","device"),
	CONSTRAINT "ride_client_opens_opens_check" CHECK ("ride_client_opens"."opens" >= 0),
	CONSTRAINT "ride_client_opens_device_len" CHECK (char_length("ride_client_opens"."device") <= 64)
);
--> statement-breakpoint
ALTER TABLE "ride_access_key_uses" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "ride_access_key_uses" ADD COLUMN "opened_on" date;--> statement-breakpoint
ALTER TABLE "ride_access_keys" ADD COLUMN "notify_on_first_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_client_opens" ADD CONSTRAINT "ride_client_opens_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_client_opens" ADD CONSTRAINT "ride_client_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_access_key_uses_one_open_a_day" ON "ride_access_key_uses" USING btree ("key_id","device","opened_on") WHERE "ride_access_key_uses"."opened_on" IS NOT NULL;