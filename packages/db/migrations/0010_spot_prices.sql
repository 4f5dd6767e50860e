CREATE TABLE "spot_prices" (
	"region_type" text NOT NULL,
	"region_code" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"price_per_mwh" numeric(18, 9) NOT NULL,
	"price_inc_vat_per_mwh" numeric(18, 9),
	"currency" char(3) NOT NULL,
	"source_resolution_min" smallint NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_prices_region_type_region_code_ts_pk" PRIMARY KEY("region_type","region_code","ts"),
	CONSTRAINT "spot_prices_region_type_check" CHECK ("spot_prices"."region_type" in ('EIC', 'AGILE')),
	CONSTRAINT "spot_prices_source_check" CHECK ("spot_prices"."source" in ('ENTSOE', 'OCTOPUS')),
	CONSTRAINT "spot_prices_resolution_check" CHECK ("spot_prices"."source_resolution_min" in (15, 30, 60)),
	CONSTRAINT "spot_prices_quarter_check" CHECK (extract(epoch from "spot_prices"."ts")::bigint % 900 = 0)
);
