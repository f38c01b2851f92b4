CREATE TABLE "branch_modifier_stop_list" (
	"branch_id" uuid NOT NULL,
	"modifier_id" uuid NOT NULL,
	CONSTRAINT "branch_modifier_stop_list_branch_id_modifier_id_pk" PRIMARY KEY("branch_id","modifier_id")
);
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipper_id" uuid NOT NULL,
	"staff_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"branch_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP CONSTRAINT "staff_accounts_role_check";--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP CONSTRAINT "staff_accounts_vendor_branch_check";--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "delivery_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "branch_modifier_stop_list" ADD CONSTRAINT "branch_modifier_stop_list_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_log_shipper_idx" ON "staff_audit_log" USING btree ("shipper_id","id");--> statement-breakpoint
CREATE INDEX "staff_audit_log_branch_idx" ON "staff_audit_log" USING btree ("branch_id","id");--> statement-breakpoint
CREATE INDEX "orders_shipper_created_idx" ON "orders" USING btree ("shipper_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_branch_created_idx" ON "orders" USING btree ("branch_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role_check" CHECK ("staff_accounts"."role" in ('operator', 'vendor', 'courier', 'manager'));--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_vendor_branch_check" CHECK ("staff_accounts"."role" = 'manager' or ("staff_accounts"."role" = 'vendor') = ("staff_accounts"."branch_id" is not null));--> statement-breakpoint
CREATE TRIGGER "branch_modifier_stop_list_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branch_modifier_stop_list" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
