CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipper_id" uuid NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipper_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"house" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"porch" text DEFAULT '' NOT NULL,
	"apartment" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_zone_branches" (
	"zone_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	CONSTRAINT "delivery_zone_branches_zone_id_branch_id_pk" PRIMARY KEY("zone_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"city" text NOT NULL,
	"name" text NOT NULL,
	"points" jsonb NOT NULL,
	"holes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_order_amount" integer NOT NULL,
	"free_delivery_order_amount" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_places" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"city" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"search_key" text NOT NULL,
	"search_skeleton" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zone_branches" ADD CONSTRAINT "delivery_zone_branches_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zone_branches" ADD CONSTRAINT "delivery_zone_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_places" ADD CONSTRAINT "geo_places_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_shipper_type_idx" ON "api_keys" USING btree ("shipper_id","type","created_at");--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_active" ON "customer_addresses" USING btree ("customer_id") WHERE "customer_addresses"."is_active";--> statement-breakpoint
CREATE INDEX "delivery_zone_branches_branch_idx" ON "delivery_zone_branches" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "delivery_zones_shipper_idx" ON "delivery_zones" USING btree ("shipper_id","city","position");--> statement-breakpoint
CREATE INDEX "geo_places_shipper_idx" ON "geo_places" USING btree ("shipper_id","city");