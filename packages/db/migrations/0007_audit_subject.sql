ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('IMPERSONATION_START', 'IMPERSONATION_STOP', 'CONTROLLER_SECRET_ROTATED'));