CREATE TABLE "staff_sign_ins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipper_id" uuid NOT NULL,
	"login" text NOT NULL,
	"login_typed" text NOT NULL,
	"staff_id" uuid,
	"address" text NOT NULL,
	"bucket" text NOT NULL,
	"user_agent" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_sign_ins_outcome_check" CHECK ("staff_sign_ins"."outcome" in ('pending', 'signed-in', 'wrong-password', 'unknown-login', 'inactive-account'))
);
--> statement-breakpoint
DROP TABLE "staff_login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "staff_sign_ins" ADD CONSTRAINT "staff_sign_ins_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sign_ins" ADD CONSTRAINT "staff_sign_ins_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_sign_ins_login_idx" ON "staff_sign_ins" USING btree ("shipper_id","login","created_at");--> statement-breakpoint
CREATE INDEX "staff_sign_ins_bucket_idx" ON "staff_sign_ins" USING btree ("bucket","created_at");--> statement-breakpoint
CREATE INDEX "staff_sign_ins_created_idx" ON "staff_sign_ins" USING btree ("created_at");