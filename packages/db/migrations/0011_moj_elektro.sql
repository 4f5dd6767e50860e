CREATE TABLE "external_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"token_prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_credentials_provider_check" CHECK ("external_credentials"."provider" in ('MOJ_ELEKTRO'))
);
--> statement-breakpoint
CREATE TABLE "external_device_credentials" (
	"device_id" integer NOT NULL,
	"credential_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_device_credentials_device_id_credential_id_pk" PRIMARY KEY("device_id","credential_id")
);
--> statement-breakpoint
CREATE TABLE "external_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"eimm" text NOT NULL,
	"gsrn" text,
	"mt_gsrn" text,
	"series_id" integer NOT NULL,
	"abstract_device_type_id" integer DEFAULT 1 NOT NULL,
	"label" text,
	"tariffs_count" smallint,
	"consumer_info" jsonb,
	"consumer_info_at" timestamp with time zone,
	"import_status" text DEFAULT 'PENDING' NOT NULL,
	"import_months_done" integer DEFAULT 0 NOT NULL,
	"import_months_total" integer DEFAULT 0 NOT NULL,
	"import_error" text,
	"last_import_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_devices_import_status_check" CHECK ("external_devices"."import_status" in ('PENDING', 'RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "external_devices_tariffs_check" CHECK ("external_devices"."tariffs_count" is null or "external_devices"."tariffs_count" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "metering_readings" (
	"series_id" integer NOT NULL,
	"interval_end" timestamp with time zone NOT NULL,
	"import_w10" integer NOT NULL,
	"export_w10" integer,
	"from_energy" boolean DEFAULT false NOT NULL,
	CONSTRAINT "metering_readings_series_id_interval_end_pk" PRIMARY KEY("series_id","interval_end"),
	CONSTRAINT "metering_readings_import_check" CHECK ("metering_readings"."import_w10" >= 0),
	CONSTRAINT "metering_readings_export_check" CHECK ("metering_readings"."export_w10" is null or "metering_readings"."export_w10" >= 0)
);
--> statement-breakpoint
CREATE TABLE "metering_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metering_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"eimm" text NOT NULL,
	"owner_user_id" integer,
	"data_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metering_series_source_check" CHECK ("metering_series"."source" in ('PORTAL', 'UPLOAD')),
	CONSTRAINT "metering_series_owner_check" CHECK (("metering_series"."source" = 'PORTAL') = ("metering_series"."owner_user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "external_credentials" ADD CONSTRAINT "external_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_device_credentials" ADD CONSTRAINT "external_device_credentials_device_id_external_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."external_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_device_credentials" ADD CONSTRAINT "external_device_credentials_credential_id_external_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."external_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_devices" ADD CONSTRAINT "external_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_devices" ADD CONSTRAINT "external_devices_series_id_metering_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."metering_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metering_readings" ADD CONSTRAINT "metering_readings_series_id_metering_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."metering_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metering_series" ADD CONSTRAINT "metering_series_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_credentials_user_hash_key" ON "external_credentials" USING btree ("user_id","token_hash");--> statement-breakpoint
CREATE INDEX "external_device_credentials_credential_idx" ON "external_device_credentials" USING btree ("credential_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_devices_user_eimm_key" ON "external_devices" USING btree ("user_id","eimm");--> statement-breakpoint
CREATE INDEX "external_devices_series_idx" ON "external_devices" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "metering_series_portal_eimm_key" ON "metering_series" USING btree ("eimm") WHERE "metering_series"."source" = 'PORTAL';