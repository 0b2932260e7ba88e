CREATE TABLE "trip_comment_mentions" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "trip_comment_mentions_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trip_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"user_id" integer,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_comments_target_check" CHECK ("trip_comments"."target_type" IN ('activity', 'stay', 'day')),
	CONSTRAINT "trip_comments_text_len" CHECK (char_length("trip_comments"."text") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "trip_events" (
	"ride_id" integer NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_events_pk" PRIMARY KEY("ride_id","version")
);
--> statement-breakpoint
CREATE TABLE "trip_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"email" text,
	"role" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "trip_invites_hash_shape" CHECK ("trip_invites"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "trip_invites_role_check" CHECK ("trip_invites"."role" IN ('viewer', 'commenter', 'editor'))
);
--> statement-breakpoint
CREATE TABLE "trip_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"assignee_id" integer,
	"done" boolean DEFAULT false NOT NULL,
	"done_changed_at" timestamp with time zone,
	"done_by" integer,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_list_items_client_unique" UNIQUE("list_id","client_id"),
	CONSTRAINT "trip_list_items_text_len" CHECK (char_length("trip_list_items"."text") <= 300)
);
--> statement-breakpoint
CREATE TABLE "trip_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"ride_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_lists_name_len" CHECK (char_length("trip_lists"."name") <= 80),
	CONSTRAINT "trip_lists_kind_check" CHECK ("trip_lists"."kind" IN ('packing', 'todo', 'documents', 'other'))
);
--> statement-breakpoint
CREATE TABLE "trip_members" (
	"ride_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_members_pk" PRIMARY KEY("ride_id","user_id"),
	CONSTRAINT "trip_members_role_check" CHECK ("trip_members"."role" IN ('viewer', 'commenter', 'editor'))
);
--> statement-breakpoint
CREATE TABLE "trip_votes" (
	"ride_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_votes_pk" PRIMARY KEY("ride_id","target_type","target_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_comment_mentions" ADD CONSTRAINT "trip_comment_mentions_comment_id_trip_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."trip_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_comment_mentions" ADD CONSTRAINT "trip_comment_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_comments" ADD CONSTRAINT "trip_comments_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_comments" ADD CONSTRAINT "trip_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_events" ADD CONSTRAINT "trip_events_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_events" ADD CONSTRAINT "trip_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_invites" ADD CONSTRAINT "trip_invites_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_invites" ADD CONSTRAINT "trip_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_invites" ADD CONSTRAINT "trip_invites_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_list_items" ADD CONSTRAINT "trip_list_items_list_id_trip_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."trip_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_list_items" ADD CONSTRAINT "trip_list_items_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_list_items" ADD CONSTRAINT "trip_list_items_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_list_items" ADD CONSTRAINT "trip_list_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_lists" ADD CONSTRAINT "trip_lists_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_lists" ADD CONSTRAINT "trip_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_members" ADD CONSTRAINT "trip_members_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_members" ADD CONSTRAINT "trip_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_members" ADD CONSTRAINT "trip_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_votes" ADD CONSTRAINT "trip_votes_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_votes" ADD CONSTRAINT "trip_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_comment_mentions_unmailed_idx" ON "trip_comment_mentions" USING btree ("user_id") WHERE "trip_comment_mentions"."mailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "trip_comments_ride_idx" ON "trip_comments" USING btree ("ride_id","id");--> statement-breakpoint
CREATE INDEX "trip_invites_ride_idx" ON "trip_invites" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "trip_list_items_list_idx" ON "trip_list_items" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "trip_lists_ride_idx" ON "trip_lists" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "trip_members_user_idx" ON "trip_members" USING btree ("user_id");