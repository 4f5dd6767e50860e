CREATE TABLE "controller_presence" (
	"controller_id" integer PRIMARY KEY NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_latest" (
	"device_id" integer NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text,
	"at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_latest_device_id_metric_pk" PRIMARY KEY("device_id","metric"),
	CONSTRAINT "device_latest_metric_check" CHECK (length(trim("device_latest"."metric")) > 0)
);
--> statement-breakpoint
CREATE TABLE "device_state" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_state_status_check" CHECK ("device_state"."status" in ('OK', 'WARNING', 'ERROR', 'OFFLINE'))
);
--> statement-breakpoint
ALTER TABLE "devices" DROP CONSTRAINT "devices_status_check";--> statement-breakpoint
ALTER TABLE "controller_presence" ADD CONSTRAINT "controller_presence_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_latest" ADD CONSTRAINT "device_latest_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_state" ADD CONSTRAINT "device_state_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Live state moves out of the configuration tables (docs/decisions/0016; hand-written): copy it before the columns go.
INSERT INTO "controller_presence" ("controller_id", "connected", "last_seen_at")
  SELECT "id", "connected", "last_seen_at" FROM "controllers";--> statement-breakpoint
INSERT INTO "device_state" ("device_id", "status") SELECT "id", "status" FROM "devices";--> statement-breakpoint
ALTER TABLE "controllers" DROP COLUMN "connected";--> statement-breakpoint
ALTER TABLE "controllers" DROP COLUMN "last_seen_at";--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "status";--> statement-breakpoint
-- The menu version is bumped only by changes that alter the menu (hand-written): an insert or a delete, or an
-- update of a column the menu shows or hangs items by (name, parent, company or location, device group,
-- controller — device hrefs go through it —, category, soft deletion). Any other update (a location's address, a
-- device's model) leaves the menu caches alone; live state has its own tables without triggers.
DROP TRIGGER "location_groups_menu_version" ON "location_groups";--> statement-breakpoint
DROP TRIGGER "locations_menu_version" ON "locations";--> statement-breakpoint
DROP TRIGGER "device_groups_menu_version" ON "device_groups";--> statement-breakpoint
DROP TRIGGER "devices_menu_version" ON "devices";--> statement-breakpoint
CREATE TRIGGER location_groups_menu_version AFTER INSERT OR DELETE ON location_groups
  FOR EACH ROW EXECUTE FUNCTION menu_version_by_company();--> statement-breakpoint
CREATE TRIGGER location_groups_menu_version_update AFTER UPDATE ON location_groups
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.parent_id IS DISTINCT FROM NEW.parent_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id
  ) EXECUTE FUNCTION menu_version_by_company();--> statement-breakpoint
CREATE TRIGGER locations_menu_version AFTER INSERT OR DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION menu_version_by_company();--> statement-breakpoint
CREATE TRIGGER locations_menu_version_update AFTER UPDATE ON locations
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.group_id IS DISTINCT FROM NEW.group_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id
  ) EXECUTE FUNCTION menu_version_by_company();--> statement-breakpoint
CREATE TRIGGER device_groups_menu_version AFTER INSERT OR DELETE ON device_groups
  FOR EACH ROW EXECUTE FUNCTION menu_version_by_location();--> statement-breakpoint
CREATE TRIGGER device_groups_menu_version_update AFTER UPDATE ON device_groups
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.location_id IS DISTINCT FROM NEW.location_id
  ) EXECUTE FUNCTION menu_version_by_location();--> statement-breakpoint
CREATE TRIGGER devices_menu_version AFTER INSERT OR DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION menu_version_by_location();--> statement-breakpoint
CREATE TRIGGER devices_menu_version_update AFTER UPDATE ON devices
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.device_group_id IS DISTINCT FROM NEW.device_group_id
    OR OLD.controller_id IS DISTINCT FROM NEW.controller_id
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
  ) EXECUTE FUNCTION menu_version_by_location();
