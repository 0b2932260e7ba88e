CREATE TABLE "accommodations" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"name" text NOT NULL,
	"country_and_city" text,
	"address" text,
	"link" text,
	"text" text DEFAULT '' NOT NULL,
	"image_url" text,
	"rate" real,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"check_in_date" date NOT NULL,
	"check_out_date" date NOT NULL,
	"booking_confirmation" text,
	"status" text DEFAULT 'booked' NOT NULL,
	"ordered_by_user" boolean DEFAULT false NOT NULL,
	"parallel_ride_accommodation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodations_name_len" CHECK (char_length("accommodations"."name") <= 140),
	CONSTRAINT "accommodations_booking_confirmation_len" CHECK (char_length("accommodations"."booking_confirmation") <= 40),
	CONSTRAINT "accommodations_status_check" CHECK ("accommodations"."status" IN ('booked', 'base_trip_accomodation')),
	CONSTRAINT "accommodations_dates_order" CHECK ("accommodations"."check_out_date" >= "accommodations"."check_in_date"),
	CONSTRAINT "accommodations_on_earth" CHECK ("accommodations"."lat" BETWEEN -90 AND 90 AND "accommodations"."lng" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "accommodation_booking_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"aid" text NOT NULL,
	"target_aid" text,
	"destination_id" text NOT NULL,
	"destination_type" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_booking_links_ride_unique" UNIQUE("ride_id"),
	CONSTRAINT "accommodation_booking_links_destination_type_check" CHECK ("accommodation_booking_links"."destination_type" IN ('city', 'region'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_place_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" text NOT NULL,
	"link" text NOT NULL,
	"info" text,
	"affiliate_source" text NOT NULL,
	"colour" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_place_links_place_id_unique" UNIQUE("place_id"),
	CONSTRAINT "affiliate_place_links_source_check" CHECK ("affiliate_place_links"."affiliate_source" IN ('getyourguide', 'tiqets'))
);
--> statement-breakpoint
CREATE TABLE "attraction_uniqueness_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"chosen_attraction_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attraction_uniqueness_members" (
	"attraction_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attractions" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"title" text NOT NULL,
	"address" text,
	"text" text DEFAULT '' NOT NULL,
	"link" text,
	"rate" real,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"image_url" text,
	"image_html_attributions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"place_id" text,
	"opening_hours" jsonb,
	"reviews" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" integer,
	"subcategory_id" integer,
	"google_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attractions_title_len" CHECK (char_length("attractions"."title") <= 140),
	CONSTRAINT "attractions_on_earth" CHECK ("attractions"."lat" BETWEEN -90 AND 90 AND "attractions"."lng" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "pdf_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"user_id" integer,
	"ride_title" text NOT NULL,
	"ride_start_date" date NOT NULL,
	"ride_end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"user_id" integer,
	"channel" text DEFAULT 'link' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subcategories_category_name_unique" UNIQUE("category_id","name")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "contact_messages_name_len" CHECK (char_length("contact_messages"."name") <= 80),
	CONSTRAINT "contact_messages_email_len" CHECK (char_length("contact_messages"."email") <= 254),
	CONSTRAINT "contact_messages_message_len" CHECK (char_length("contact_messages"."message") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"device_name" text,
	"user_agent" text,
	"screen_info" text,
	"timezone" text,
	"languages" text,
	"first_login" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone DEFAULT now() NOT NULL,
	"login_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "devices_user_fingerprint_unique" UNIQUE("user_id","fingerprint"),
	CONSTRAINT "devices_login_count_check" CHECK ("devices"."login_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "password_reset_tokens_hash_shape" CHECK ("password_reset_tokens"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "ride_access_key_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"user_id" integer,
	"message" text,
	"new_ride_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_access_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"secret_key" text NOT NULL,
	"subdomain" text,
	"redirect_page" text,
	"consulting_meeting_calendar_link" text,
	"authorized_users_count" integer DEFAULT 4 NOT NULL,
	"action" text DEFAULT 'view' NOT NULL,
	"is_white_label" boolean DEFAULT false NOT NULL,
	"is_one_time" boolean DEFAULT false NOT NULL,
	"recipient_details" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_access_keys_secret_key_unique" UNIQUE("secret_key"),
	CONSTRAINT "ride_access_keys_authorized_users_count_check" CHECK ("ride_access_keys"."authorized_users_count" >= 0),
	CONSTRAINT "ride_access_keys_action_check" CHECK ("ride_access_keys"."action" IN ('view', 'copy')),
	CONSTRAINT "ride_access_keys_recipient_details_len" CHECK (char_length("ride_access_keys"."recipient_details") <= 200)
);
--> statement-breakpoint
CREATE TABLE "ride_attractions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"attraction_id" integer NOT NULL,
	"planned_date" date NOT NULL,
	"time_of_day" time,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_attractions_ride_attraction_unique" UNIQUE("ride_id","attraction_id"),
	CONSTRAINT "ride_attractions_position_check" CHECK ("ride_attractions"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ride_extra_information" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_authorized_users" (
	"ride_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_authorized_users_pk" PRIMARY KEY("ride_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_rides" (
	"user_id" integer NOT NULL,
	"ride_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_rides_pk" PRIMARY KEY("user_id","ride_id")
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"language" text DEFAULT 'hebrew' NOT NULL,
	"type" text DEFAULT 'public' NOT NULL,
	"is_based_ride" boolean DEFAULT false NOT NULL,
	"based_ride_id" integer,
	"is_white_label" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"ride_manager_id" integer,
	"subdomain" text,
	"top_page_image_url" text,
	"number_of_adult" integer DEFAULT 2 NOT NULL,
	"number_of_teen" integer DEFAULT 1 NOT NULL,
	"number_of_child" integer DEFAULT 1 NOT NULL,
	"physical_disabilities" boolean DEFAULT false NOT NULL,
	"category" text DEFAULT 'planning' NOT NULL,
	"photos_album_link" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"hidden_from_shortlist" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rides_title_len" CHECK (char_length("rides"."title") <= 140),
	CONSTRAINT "rides_language_check" CHECK ("rides"."language" IN ('hebrew', 'english')),
	CONSTRAINT "rides_type_check" CHECK ("rides"."type" IN ('public', 'private')),
	CONSTRAINT "rides_category_check" CHECK ("rides"."category" IN ('planning', 'active', 'client', 'template', 'inactive')),
	CONSTRAINT "rides_number_of_adult_check" CHECK ("rides"."number_of_adult" >= 0),
	CONSTRAINT "rides_number_of_teen_check" CHECK ("rides"."number_of_teen" >= 0),
	CONSTRAINT "rides_number_of_child_check" CHECK ("rides"."number_of_child" >= 0),
	CONSTRAINT "rides_dates_order" CHECK ("rides"."end_date" >= "rides"."start_date"),
	CONSTRAINT "rides_max_days" CHECK ("rides"."end_date" - "rides"."start_date" < 60),
	CONSTRAINT "rides_not_own_base" CHECK ("rides"."based_ride_id" <> "rides"."id")
);
--> statement-breakpoint
CREATE TABLE "subdomain_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subdomain" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"colors" jsonb NOT NULL,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subdomain_themes_name_unique" UNIQUE("name"),
	CONSTRAINT "subdomain_themes_subdomain_unique" UNIQUE("subdomain"),
	CONSTRAINT "subdomain_themes_default_has_no_subdomain" CHECK ("subdomain_themes"."is_default" = ("subdomain_themes"."subdomain" IS NULL)),
	CONSTRAINT "subdomain_themes_subdomain_shape" CHECK ("subdomain_themes"."subdomain" ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$')
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"purpose" text NOT NULL,
	"original_name" text,
	"taken_at" timestamp,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "uploads_bytes_check" CHECK ("uploads"."bytes" >= 0),
	CONSTRAINT "uploads_on_earth" CHECK ("uploads"."lat" BETWEEN -90 AND 90 AND "uploads"."lng" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text,
	"password_hash" text,
	"google_sub" text,
	"facebook_id" text,
	"user_name" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"profile_image" text,
	"title" text,
	"about" text,
	"facebook_link" text,
	"instagram_link" text,
	"website_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_google_sub_unique" UNIQUE("google_sub"),
	CONSTRAINT "users_facebook_id_unique" UNIQUE("facebook_id"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('user', 'manager')),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower(btrim("users"."email"))),
	CONSTRAINT "users_email_len" CHECK (char_length("users"."email") <= 254),
	CONSTRAINT "users_user_name_len" CHECK (char_length("users"."user_name") <= 80),
	CONSTRAINT "users_title_len" CHECK (char_length("users"."title") <= 140),
	CONSTRAINT "users_has_identity" CHECK ("users"."email" IS NOT NULL OR "users"."google_sub" IS NOT NULL OR "users"."facebook_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_parallel_ride_accommodation_id_accommodations_id_fk" FOREIGN KEY ("parallel_ride_accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_booking_links" ADD CONSTRAINT "accommodation_booking_links_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_uniqueness_groups" ADD CONSTRAINT "attraction_uniqueness_groups_chosen_attraction_id_attractions_id_fk" FOREIGN KEY ("chosen_attraction_id") REFERENCES "public"."attractions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_uniqueness_groups" ADD CONSTRAINT "attraction_uniqueness_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_uniqueness_members" ADD CONSTRAINT "attraction_uniqueness_members_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attraction_uniqueness_members" ADD CONSTRAINT "attraction_uniqueness_members_group_id_attraction_uniqueness_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."attraction_uniqueness_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attractions" ADD CONSTRAINT "attractions_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_exports" ADD CONSTRAINT "pdf_exports_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_exports" ADD CONSTRAINT "pdf_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_shares" ADD CONSTRAINT "ride_shares_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_shares" ADD CONSTRAINT "ride_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logins" ADD CONSTRAINT "logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logins" ADD CONSTRAINT "logins_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_access_key_uses" ADD CONSTRAINT "ride_access_key_uses_key_id_ride_access_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."ride_access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_access_key_uses" ADD CONSTRAINT "ride_access_key_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_access_key_uses" ADD CONSTRAINT "ride_access_key_uses_new_ride_id_rides_id_fk" FOREIGN KEY ("new_ride_id") REFERENCES "public"."rides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_access_keys" ADD CONSTRAINT "ride_access_keys_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_access_keys" ADD CONSTRAINT "ride_access_keys_subdomain_subdomain_themes_subdomain_fk" FOREIGN KEY ("subdomain") REFERENCES "public"."subdomain_themes"("subdomain") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ride_access_keys" ADD CONSTRAINT "ride_access_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_attractions" ADD CONSTRAINT "ride_attractions_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_attractions" ADD CONSTRAINT "ride_attractions_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_extra_information" ADD CONSTRAINT "ride_extra_information_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_authorized_users" ADD CONSTRAINT "ride_authorized_users_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_authorized_users" ADD CONSTRAINT "ride_authorized_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_authorized_users" ADD CONSTRAINT "ride_authorized_users_key_id_ride_access_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."ride_access_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_rides" ADD CONSTRAINT "user_rides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_rides" ADD CONSTRAINT "user_rides_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_based_ride_id_rides_id_fk" FOREIGN KEY ("based_ride_id") REFERENCES "public"."rides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_ride_manager_id_users_id_fk" FOREIGN KEY ("ride_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_subdomain_subdomain_themes_subdomain_fk" FOREIGN KEY ("subdomain") REFERENCES "public"."subdomain_themes"("subdomain") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "subdomain_themes" ADD CONSTRAINT "subdomain_themes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accommodations_ride_dates_idx" ON "accommodations" USING btree ("ride_id","check_in_date");--> statement-breakpoint
CREATE INDEX "accommodations_lat_lng_idx" ON "accommodations" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "accommodations_parallel_idx" ON "accommodations" USING btree ("parallel_ride_accommodation_id");--> statement-breakpoint
CREATE INDEX "attraction_uniqueness_members_group_idx" ON "attraction_uniqueness_members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "attractions_lat_lng_idx" ON "attractions" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "attractions_author_idx" ON "attractions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "attractions_place_id_idx" ON "attractions" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "attractions_category_idx" ON "attractions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "attractions_subcategory_idx" ON "attractions" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "pdf_exports_ride_created_idx" ON "pdf_exports" USING btree ("ride_id","created_at");--> statement-breakpoint
CREATE INDEX "ride_shares_ride_created_idx" ON "ride_shares" USING btree ("ride_id","created_at");--> statement-breakpoint
CREATE INDEX "subcategories_category_idx" ON "subcategories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "devices_last_login_idx" ON "devices" USING btree ("last_login");--> statement-breakpoint
CREATE INDEX "logins_user_at_idx" ON "logins" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "logins_at_idx" ON "logins" USING btree ("at");--> statement-breakpoint
CREATE INDEX "logins_device_idx" ON "logins" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ride_access_key_uses_key_idx" ON "ride_access_key_uses" USING btree ("key_id","created_at");--> statement-breakpoint
CREATE INDEX "ride_access_key_uses_user_idx" ON "ride_access_key_uses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ride_access_keys_ride_idx" ON "ride_access_keys" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "ride_attractions_ride_day_idx" ON "ride_attractions" USING btree ("ride_id","planned_date","position");--> statement-breakpoint
CREATE INDEX "ride_attractions_attraction_idx" ON "ride_attractions" USING btree ("attraction_id");--> statement-breakpoint
CREATE INDEX "ride_extra_information_ride_date_idx" ON "ride_extra_information" USING btree ("ride_id","date");--> statement-breakpoint
CREATE INDEX "ride_authorized_users_user_idx" ON "ride_authorized_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ride_authorized_users_key_idx" ON "ride_authorized_users" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "user_rides_ride_idx" ON "user_rides" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "rides_author_idx" ON "rides" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "rides_ride_manager_idx" ON "rides" USING btree ("ride_manager_id");--> statement-breakpoint
CREATE INDEX "rides_based_ride_idx" ON "rides" USING btree ("based_ride_id");--> statement-breakpoint
CREATE INDEX "rides_type_created_idx" ON "rides" USING btree ("type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subdomain_themes_one_default" ON "subdomain_themes" USING btree ("is_default") WHERE "subdomain_themes"."is_default";--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");