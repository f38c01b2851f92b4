CREATE TABLE "delivery_fares" (
	"zone_id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"base_price" integer NOT NULL,
	"base_distance_m" integer NOT NULL,
	"price_per_km" integer NOT NULL,
	CONSTRAINT "delivery_fares_amounts_check" CHECK ("delivery_fares"."base_price" >= 0 and "delivery_fares"."base_distance_m" >= 0 and "delivery_fares"."price_per_km" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_branches" (
	"discount_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	CONSTRAINT "discount_branches_discount_id_branch_id_pk" PRIMARY KEY("discount_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "discount_categories" (
	"discount_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "discount_categories_discount_id_category_id_pk" PRIMARY KEY("discount_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "discount_products" (
	"discount_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "discount_products_discount_id_product_id_pk" PRIMARY KEY("discount_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipper_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"mode" text NOT NULL,
	"percent" numeric(5, 2),
	"amount" integer,
	"max_amount" integer,
	"applies_to" text DEFAULT 'order' NOT NULL,
	"delivery_type" text,
	"payment_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"hour_start" text,
	"hour_end" text,
	"min_order_amount" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_trigger_check" CHECK ("discounts"."trigger" in ('automatic', 'promo_code')),
	CONSTRAINT "discounts_applies_to_check" CHECK ("discounts"."applies_to" in ('order', 'products', 'categories')),
	CONSTRAINT "discounts_mode_check" CHECK (("discounts"."mode" = 'percent' and "discounts"."percent" > 0 and "discounts"."percent" <= 100 and "discounts"."amount" is null)
        or ("discounts"."mode" = 'fixed' and "discounts"."amount" > 0 and "discounts"."percent" is null)
        or ("discounts"."mode" = 'free_delivery' and "discounts"."applies_to" = 'order' and "discounts"."amount" is null and "discounts"."percent" is null)),
	CONSTRAINT "discounts_delivery_type_check" CHECK ("discounts"."delivery_type" is null or "discounts"."delivery_type" in ('delivery', 'self-pickup')),
	CONSTRAINT "discounts_dates_check" CHECK ("discounts"."starts_on" is null or "discounts"."ends_on" is null or "discounts"."starts_on" <= "discounts"."ends_on"),
	CONSTRAINT "discounts_hours_check" CHECK (("discounts"."hour_start" is null and "discounts"."hour_end" is null)
        or ("discounts"."hour_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "discounts"."hour_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')),
	CONSTRAINT "discounts_min_order_check" CHECK ("discounts"."min_order_amount" >= 0),
	CONSTRAINT "discounts_max_amount_check" CHECK ("discounts"."max_amount" is null or ("discounts"."max_amount" > 0 and "discounts"."mode" = 'percent' and "discounts"."applies_to" = 'order'))
);
--> statement-breakpoint
CREATE TABLE "promo_code_usages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipper_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_id" uuid NOT NULL,
	"per_customer_limit" integer DEFAULT 1,
	"total_limit" integer,
	"min_order_amount" integer DEFAULT 0 NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"customer_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_check" CHECK (length("promo_codes"."code") between 1 and 64 and "promo_codes"."code" = btrim("promo_codes"."code")),
	CONSTRAINT "promo_codes_limits_check" CHECK (("promo_codes"."per_customer_limit" is null or "promo_codes"."per_customer_limit" > 0)
        and ("promo_codes"."total_limit" is null or "promo_codes"."total_limit" > 0) and "promo_codes"."min_order_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_fares" ADD CONSTRAINT "delivery_fares_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_fares" ADD CONSTRAINT "delivery_fares_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_branches" ADD CONSTRAINT "discount_branches_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_branches" ADD CONSTRAINT "discount_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_categories" ADD CONSTRAINT "discount_categories_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_categories" ADD CONSTRAINT "discount_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_products" ADD CONSTRAINT "discount_products_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_products" ADD CONSTRAINT "discount_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_usages" ADD CONSTRAINT "promo_code_usages_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_usages" ADD CONSTRAINT "promo_code_usages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discounts_shipper_idx" ON "discounts" USING btree ("shipper_id","trigger","is_active","position");--> statement-breakpoint
CREATE INDEX "promo_code_usages_code_customer_idx" ON "promo_code_usages" USING btree ("promo_code_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_usages_order_unique" ON "promo_code_usages" USING btree ("promo_code_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_shipper_code_unique" ON "promo_codes" USING btree ("shipper_id",lower("code"));