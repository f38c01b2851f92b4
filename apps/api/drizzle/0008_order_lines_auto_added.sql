ALTER TABLE "order_lines" ADD COLUMN "auto_added" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders placed before the flag: a plain line of a product the chain's auto-add rules gave that order.
UPDATE "order_lines" AS "l" SET "auto_added" = true
FROM "orders" AS "o", "auto_add_products" AS "a"
WHERE "l"."order_id" = "o"."id"
  AND "a"."shipper_id" = "o"."shipper_id"
  AND "a"."product_id" = "l"."product_id"
  AND ("a"."delivery_type" IS NULL OR "a"."delivery_type" = "o"."delivery_type")
  AND "o"."goods_price" >= "a"."min_order_price"
  AND "l"."type" = 'simple'
  AND "l"."variants" = '[]'::jsonb
  AND "l"."modifiers" = '[]'::jsonb;
