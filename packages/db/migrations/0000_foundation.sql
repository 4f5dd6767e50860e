CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" text NOT NULL,
	"hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"platform_name" text DEFAULT 'Cloud' NOT NULL,
	"product_name" text NOT NULL,
	"theme" text DEFAULT 'default' NOT NULL,
	"logo" text,
	"favicon" text,
	"support_email" text NOT NULL,
	"terms_url" text,
	"privacy_url" text,
	"status" text DEFAULT 'normal' NOT NULL,
	"maintenance_message" text,
	"default_locale" text DEFAULT 'sl' NOT NULL,
	"analytics_script_url" text,
	"translation_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_identifier_unique" UNIQUE("identifier"),
	CONSTRAINT "sites_theme_check" CHECK ("sites"."theme" in ('default', 'dark-blue', 'white', 'yellow', 'red-gray', 'energy-blue', 'dark-orange', 'dark-green', 'green-gray', 'white-gray', 'yellow-blue', 'dark-yellow-blue', 'blue-green', 'energy-cyan', 'dark-cyan')),
	CONSTRAINT "sites_status_check" CHECK ("sites"."status" in ('normal', 'maintenance')),
	CONSTRAINT "sites_default_locale_check" CHECK ("sites"."default_locale" in ('bs', 'cs', 'de', 'en', 'hr', 'it', 'mk', 'nl', 'pl', 'pt', 'sk', 'sl', 'sr', 'sv')),
	CONSTRAINT "sites_identifier_check" CHECK ("sites"."identifier" ~ '^[a-z0-9][a-z0-9-]*$')
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'ROLE_USER' NOT NULL,
	"locale" text DEFAULT 'sl' NOT NULL,
	"site_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('ROLE_USER', 'ROLE_USER_BASIC', 'ROLE_USER_ADVANCED', 'ROLE_AGGREGATOR', 'ROLE_SUPER_ADMIN')),
	CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('bs', 'cs', 'de', 'en', 'hr', 'it', 'mk', 'nl', 'pl', 'pt', 'sk', 'sl', 'sr', 'sv'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_site_id_idx" ON "users" USING btree ("site_id");