CREATE TABLE "loyalty_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipper_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_ledger_reason_check" CHECK ("loyalty_ledger"."reason" in ('welcome', 'spent', 'refund', 'earned')),
	CONSTRAINT "loyalty_ledger_sign_check" CHECK (("loyalty_ledger"."reason" = 'spent' and "loyalty_ledger"."amount" < 0) or ("loyalty_ledger"."reason" <> 'spent' and "loyalty_ledger"."amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "payment_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"params" jsonb,
	"response" jsonb NOT NULL,
	"error_code" integer,
	"order_id" uuid,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"shipper_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"provider_time" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"state" integer NOT NULL,
	"reason" integer,
	"create_time" bigint NOT NULL,
	"perform_time" bigint DEFAULT 0 NOT NULL,
	"cancel_time" bigint DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_transactions_provider_check" CHECK ("payment_transactions"."provider" in ('payme', 'click')),
	CONSTRAINT "payment_transactions_state_check" CHECK ("payment_transactions"."state" in (1, 2, -1, -2)),
	CONSTRAINT "payment_transactions_amount_check" CHECK ("payment_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "loyalty_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_calls" ADD CONSTRAINT "payment_calls_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_ledger_customer_idx" ON "loyalty_ledger" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_order_reason_unique" ON "loyalty_ledger" USING btree ("order_id","reason") WHERE "loyalty_ledger"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_one_welcome_unique" ON "loyalty_ledger" USING btree ("customer_id") WHERE "loyalty_ledger"."reason" = 'welcome';--> statement-breakpoint
CREATE INDEX "payment_calls_order_idx" ON "payment_calls" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_calls_created_idx" ON "payment_calls" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_provider_id_unique" ON "payment_transactions" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_seq_unique" ON "payment_transactions" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_time_idx" ON "payment_transactions" USING btree ("provider","provider_time");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_one_open_unique" ON "payment_transactions" USING btree ("order_id") WHERE "payment_transactions"."state" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_one_paid_unique" ON "payment_transactions" USING btree ("order_id") WHERE "payment_transactions"."state" = 2;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_loyalty_amount_check" CHECK ("orders"."loyalty_amount" >= 0 and "orders"."loyalty_amount" <= "orders"."total_price");