CREATE TABLE "attraction_uniqueness_dismissals" (
	"user_id" integer NOT NULL,
	"attraction_ids" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attraction_uniqueness_dismissals_pk" PRIMARY KEY("user_id","attraction_ids")
);
--> statement-breakpoint
ALTER TABLE "attraction_uniqueness_dismissals" ADD CONSTRAINT "attraction_uniqueness_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;