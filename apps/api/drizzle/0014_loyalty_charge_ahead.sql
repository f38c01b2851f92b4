ALTER TABLE "loyalty_ledger" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "loyalty_outbox" ADD COLUMN "awaits_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_charging_key_unique" ON "loyalty_ledger" USING btree ("customer_id","idempotency_key") WHERE "loyalty_ledger"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_order_or_number_check" CHECK ("loyalty_ledger"."order_id" is null or "loyalty_ledger"."order_number" is null);