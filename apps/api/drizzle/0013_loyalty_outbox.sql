CREATE TABLE "loyalty_outbox" (
	"ledger_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"gave_up_at" timestamp with time zone,
	"tries_since" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_outbox" ADD CONSTRAINT "loyalty_outbox_ledger_id_loyalty_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."loyalty_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_outbox_due_idx" ON "loyalty_outbox" USING btree ("next_attempt_at") WHERE "loyalty_outbox"."gave_up_at" is null;