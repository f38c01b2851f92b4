CREATE TABLE "auto_add_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"delivery_type" text,
	"min_order_price" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "auto_add_products_quantity_check" CHECK ("auto_add_products"."quantity" > 0 and "auto_add_products"."min_order_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "branch_stop_list" (
	"branch_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "branch_stop_list_branch_id_product_id_pk" PRIMARY KEY("branch_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"city" text NOT NULL,
	"name" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"destination" jsonb NOT NULL,
	"phone" text NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"menu_id" uuid NOT NULL,
	"work_hour_start" text NOT NULL,
	"work_hour_end" text NOT NULL,
	"delivery_time" integer NOT NULL,
	"future_delivery_order_time" integer NOT NULL,
	"future_self_pickup_order_time" integer NOT NULL,
	"is_active" boolean NOT NULL,
	"has_parking" boolean NOT NULL,
	"seats_count" integer NOT NULL,
	"has_playground" boolean NOT NULL,
	"virtual_tour" text,
	"images" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "branches_shipper_slug_unique" UNIQUE("shipper_id","slug")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_shipper_slug_unique" UNIQUE("shipper_id","slug")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"default_menu_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cities_shipper_slug_unique" UNIQUE("shipper_id","slug")
);
--> statement-breakpoint
CREATE TABLE "combo_group_options" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"extra_price" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "combo_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_modifier_variants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"price" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_modifiers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"min_amount" integer NOT NULL,
	"max_amount" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "group_modifiers_amount_check" CHECK ("group_modifiers"."min_amount" >= 0 and "group_modifiers"."max_amount" > 0 and "group_modifiers"."min_amount" <= "group_modifiers"."max_amount")
);
--> statement-breakpoint
CREATE TABLE "menu_products" (
	"menu_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "menu_products_menu_id_product_id_pk" PRIMARY KEY("menu_id","product_id"),
	CONSTRAINT "menu_products_price_check" CHECK ("menu_products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "menus_shipper_key_unique" UNIQUE("shipper_id","key")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"parent_id" uuid,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"ingredients" jsonb NOT NULL,
	"allergens" jsonb NOT NULL,
	"property" jsonb,
	"out_price" integer NOT NULL,
	"weight" integer NOT NULL,
	"energy" integer NOT NULL,
	"fats" double precision NOT NULL,
	"proteins" double precision NOT NULL,
	"carbohydrates" double precision NOT NULL,
	"cooking_time" integer NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"image" jsonb,
	"search_key" text NOT NULL,
	"search_skeleton" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "products_shipper_slug_unique" UNIQUE("shipper_id","slug"),
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('simple', 'combo', 'origin')),
	CONSTRAINT "products_price_check" CHECK ("products"."out_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"customer_id" uuid,
	"rating" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"client_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"version" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shippers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" jsonb NOT NULL,
	"phone" text NOT NULL,
	"work_hour_start" text NOT NULL,
	"work_hour_end" text NOT NULL,
	"minimal_order_price" integer NOT NULL,
	"description" jsonb NOT NULL,
	"socials" jsonb NOT NULL,
	"app_links" jsonb NOT NULL,
	"payment_types" jsonb NOT NULL,
	"sister_brands" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_modifiers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"price" integer NOT NULL,
	"is_compulsory" boolean NOT NULL,
	"category_name" jsonb NOT NULL,
	"max_amount" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "single_modifiers_amount_check" CHECK ("single_modifiers"."max_amount" > 0 and "single_modifiers"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tags_shipper_slug_unique" UNIQUE("shipper_id","slug")
);
--> statement-breakpoint
CREATE TABLE "news_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"image" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_events_shipper_slug_unique" UNIQUE("shipper_id","slug"),
	CONSTRAINT "news_events_type_check" CHECK ("news_events"."type" in ('news', 'gallery'))
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_shipper_slug_unique" UNIQUE("shipper_id","slug")
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" jsonb NOT NULL,
	"cooking_time" integer NOT NULL,
	"servings" integer NOT NULL,
	"ingredients" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recipes_shipper_slug_unique" UNIQUE("shipper_id","slug"),
	CONSTRAINT "recipes_positive_check" CHECK ("recipes"."cooking_time" > 0 and "recipes"."servings" > 0)
);
--> statement-breakpoint
CREATE TABLE "stocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"promo_code" text,
	CONSTRAINT "stocks_shipper_slug_unique" UNIQUE("shipper_id","slug"),
	CONSTRAINT "stocks_period_check" CHECK ("stocks"."ends_at" is null or "stocks"."ends_at" > "stocks"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "vacancies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shipper_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"city" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"salary_from" integer,
	"salary_to" integer,
	"is_active" boolean NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vacancies_shipper_slug_unique" UNIQUE("shipper_id","slug"),
	CONSTRAINT "vacancies_salary_check" CHECK (("vacancies"."salary_from" is null or "vacancies"."salary_from" >= 0) and ("vacancies"."salary_to" is null or "vacancies"."salary_to" >= 0) and ("vacancies"."salary_from" is null or "vacancies"."salary_to" is null or "vacancies"."salary_from" <= "vacancies"."salary_to"))
);
--> statement-breakpoint
CREATE TABLE "vacancy_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipper_id" uuid NOT NULL,
	"vacancy_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"birth_date" date,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_applications_vacancy_phone_unique" UNIQUE("vacancy_id","phone")
);
--> statement-breakpoint
ALTER TABLE "auto_add_products" ADD CONSTRAINT "auto_add_products_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_add_products" ADD CONSTRAINT "auto_add_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stop_list" ADD CONSTRAINT "branch_stop_list_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stop_list" ADD CONSTRAINT "branch_stop_list_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_default_menu_id_menus_id_fk" FOREIGN KEY ("default_menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_group_options" ADD CONSTRAINT "combo_group_options_group_id_combo_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."combo_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_group_options" ADD CONSTRAINT "combo_group_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_groups" ADD CONSTRAINT "combo_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_modifier_variants" ADD CONSTRAINT "group_modifier_variants_group_id_group_modifiers_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group_modifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_modifiers" ADD CONSTRAINT "group_modifiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_products" ADD CONSTRAINT "menu_products_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_products" ADD CONSTRAINT "menu_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_modifiers" ADD CONSTRAINT "single_modifiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_events" ADD CONSTRAINT "news_events_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocks" ADD CONSTRAINT "stocks_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_applications" ADD CONSTRAINT "vacancy_applications_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_applications" ADD CONSTRAINT "vacancy_applications_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_add_products_shipper_idx" ON "auto_add_products" USING btree ("shipper_id");--> statement-breakpoint
CREATE INDEX "branches_list_idx" ON "branches" USING btree ("shipper_id","city","position");--> statement-breakpoint
CREATE INDEX "combo_group_options_group_idx" ON "combo_group_options" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "combo_groups_product_idx" ON "combo_groups" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "group_modifier_variants_group_idx" ON "group_modifier_variants" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "group_modifiers_product_idx" ON "group_modifiers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "menu_products_product_idx" ON "menu_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_shipper_idx" ON "products" USING btree ("shipper_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "single_modifiers_product_idx" ON "single_modifiers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "news_events_list_idx" ON "news_events" USING btree ("shipper_id","type","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stocks_shipper_idx" ON "stocks" USING btree ("shipper_id","starts_at");--> statement-breakpoint
CREATE INDEX "vacancies_list_idx" ON "vacancies" USING btree ("shipper_id","is_active","city");--> statement-breakpoint
CREATE INDEX "vacancy_applications_shipper_idx" ON "vacancy_applications" USING btree ("shipper_id","created_at");