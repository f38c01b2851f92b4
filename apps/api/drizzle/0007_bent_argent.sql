CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_hits_check" CHECK ("rate_limits"."hits" > 0)
);
--> statement-breakpoint
DROP INDEX "otp_codes_ip_created_idx";--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "ip_bucket" text;--> statement-breakpoint
-- Rows sent before this migration count by their whole address (hand-written: drizzle-kit would add
-- the NOT NULL column in one step, which fails on a table that has rows).
UPDATE "otp_codes" SET "ip_bucket" = "ip";--> statement-breakpoint
ALTER TABLE "otp_codes" ALTER COLUMN "ip_bucket" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "otp_codes_ip_bucket_created_idx" ON "otp_codes" USING btree ("ip_bucket","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_created_idx" ON "otp_codes" USING btree ("created_at");