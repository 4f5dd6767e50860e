ALTER TABLE "controller_ingest" ADD COLUMN "acked_seq" bigint;--> statement-breakpoint
ALTER TABLE "controller_ingest" ADD COLUMN "pending_seqs" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "controller_ingest" ADD COLUMN "gap_since" timestamp with time zone;--> statement-breakpoint
UPDATE "controller_ingest" SET "acked_seq" = "last_seq";