CREATE TABLE "controller_ingest" (
	"controller_id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_rollup_day" (
	"device_id" integer NOT NULL,
	"import_wh" double precision,
	"export_wh" double precision,
	"power_avg_w" real,
	"power_min_w" real,
	"power_max_w" real,
	"intervals" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "device_rollup_day_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_rollup_hour" (
	"device_id" integer NOT NULL,
	"import_wh" double precision,
	"export_wh" double precision,
	"power_avg_w" real,
	"power_min_w" real,
	"power_max_w" real,
	"intervals" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	CONSTRAINT "device_rollup_hour_device_id_bucket_pk" PRIMARY KEY("device_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "device_rollup_month" (
	"device_id" integer NOT NULL,
	"import_wh" double precision,
	"export_wh" double precision,
	"power_avg_w" real,
	"power_min_w" real,
	"power_max_w" real,
	"intervals" integer NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "device_rollup_month_device_id_month_pk" PRIMARY KEY("device_id","month")
);
--> statement-breakpoint
CREATE TABLE "discovered_devices" (
	"controller_id" integer NOT NULL,
	"ref" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"last_values" jsonb NOT NULL,
	"samples" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "discovered_devices_controller_id_ref_pk" PRIMARY KEY("controller_id","ref")
);
--> statement-breakpoint
CREATE TABLE "interval_15m" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"import_wh" double precision,
	"export_wh" double precision,
	"power_avg_w" real,
	"power_min_w" real,
	"power_max_w" real,
	"soc_pct" real,
	"temperature_c" real,
	"samples" smallint NOT NULL,
	CONSTRAINT "interval_15m_device_id_ts_pk" PRIMARY KEY("device_id","ts")
-- Partitioned by month on the interval's start (hand-written; drizzle does not model partitioning). Partitions
-- interval_15m_YYYYMM are created ahead by the telemetry.partitions job (docs/telemetry.md); there is deliberately
-- no DEFAULT partition: a later CREATE … PARTITION OF fails when the default holds rows of its range.
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "location_rollup_day" (
	"location_id" integer NOT NULL,
	"consumption_wh" double precision NOT NULL,
	"grid_import_wh" double precision NOT NULL,
	"grid_export_wh" double precision NOT NULL,
	"solar_wh" double precision NOT NULL,
	"battery_charge_wh" double precision NOT NULL,
	"battery_discharge_wh" double precision NOT NULL,
	"ev_wh" double precision NOT NULL,
	"hvac_wh" double precision NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "location_rollup_day_location_id_day_pk" PRIMARY KEY("location_id","day")
);
--> statement-breakpoint
CREATE TABLE "location_rollup_hour" (
	"location_id" integer NOT NULL,
	"consumption_wh" double precision NOT NULL,
	"grid_import_wh" double precision NOT NULL,
	"grid_export_wh" double precision NOT NULL,
	"solar_wh" double precision NOT NULL,
	"battery_charge_wh" double precision NOT NULL,
	"battery_discharge_wh" double precision NOT NULL,
	"ev_wh" double precision NOT NULL,
	"hvac_wh" double precision NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	CONSTRAINT "location_rollup_hour_location_id_bucket_pk" PRIMARY KEY("location_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "location_rollup_month" (
	"location_id" integer NOT NULL,
	"consumption_wh" double precision NOT NULL,
	"grid_import_wh" double precision NOT NULL,
	"grid_export_wh" double precision NOT NULL,
	"solar_wh" double precision NOT NULL,
	"battery_charge_wh" double precision NOT NULL,
	"battery_discharge_wh" double precision NOT NULL,
	"ev_wh" double precision NOT NULL,
	"hvac_wh" double precision NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "location_rollup_month_location_id_month_pk" PRIMARY KEY("location_id","month")
);
--> statement-breakpoint
CREATE TABLE "reading" (
	"ts" timestamp with time zone NOT NULL,
	"device_id" integer NOT NULL,
	"power_w" real,
	"energy_import_wh" double precision,
	"energy_export_wh" double precision,
	"soc_pct" real,
	"temperature_c" real,
	"power_l1_w" real,
	"power_l2_w" real,
	"power_l3_w" real,
	"voltage_l1_v" real,
	"voltage_l2_v" real,
	"voltage_l3_v" real,
	"current_l1_a" real,
	"current_l2_a" real,
	"current_l3_a" real,
	"gas_m3" double precision,
	CONSTRAINT "reading_device_id_ts_pk" PRIMARY KEY("device_id","ts")
-- Partitioned by day on the sample instant (hand-written): partitions reading_YYYYMMDD are created ahead and dropped
-- after the raw retention (TELEMETRY_RAW_RETENTION_DAYS) by the telemetry.partitions job; no DEFAULT partition
-- (ingest skips samples outside the partitions' window instead, docs/telemetry.md).
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "rollup_dirty" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollup_dirty_device_id_ts_pk" PRIMARY KEY("device_id","ts")
);
--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "secret_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "controller_presence" ADD COLUMN "connection" text;--> statement-breakpoint
ALTER TABLE "controller_ingest" ADD CONSTRAINT "controller_ingest_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_rollup_day" ADD CONSTRAINT "device_rollup_day_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_rollup_hour" ADD CONSTRAINT "device_rollup_hour_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_rollup_month" ADD CONSTRAINT "device_rollup_month_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovered_devices" ADD CONSTRAINT "discovered_devices_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_rollup_day" ADD CONSTRAINT "location_rollup_day_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_rollup_hour" ADD CONSTRAINT "location_rollup_hour_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_rollup_month" ADD CONSTRAINT "location_rollup_month_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interval_15m_ts_brin_idx" ON "interval_15m" USING brin ("ts");--> statement-breakpoint
CREATE INDEX "reading_ts_brin_idx" ON "reading" USING brin ("ts");--> statement-breakpoint
CREATE INDEX "rollup_dirty_marked_at_idx" ON "rollup_dirty" USING btree ("marked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_controller_ref_idx" ON "devices" USING btree ("controller_id","ref");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_ref_check" CHECK ("devices"."ref" ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$');