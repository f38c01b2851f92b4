-- Every write to what the API caches (and the storefront renders) announces itself on the channel
-- 'catalogue_changed' with the tag of what changed ({"tags":["catalogue"]}), whoever writes: a module,
-- the seed, the staff workspace or SQL by hand. Statement-level, so a bulk write sends one
-- notification; PostgreSQL delivers it when the transaction commits (never on rollback) and folds
-- identical ones of one transaction into one. Orders, customers, sessions and rate limits have no
-- trigger: they are never cached. Tags: packages/contracts/src/catalogue-changes.ts.
CREATE OR REPLACE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', jsonb_build_object('tags', jsonb_build_array(TG_ARGV[0]))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "menus_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "tags_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "product_categories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "product_tags_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_tags" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "menu_products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu_products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "combo_groups_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "combo_groups" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "combo_group_options_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "combo_group_options" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "single_modifiers_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "single_modifiers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "group_modifiers_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_modifiers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "group_modifier_variants_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_modifier_variants" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "branch_stop_list_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branch_stop_list" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "auto_add_products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auto_add_products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "delivery_fares_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_fares" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "discounts_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discounts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "discount_branches_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_branches" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "discount_products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "discount_categories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_categories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "promo_codes_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promo_codes" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('catalogue');
--> statement-breakpoint
CREATE TRIGGER "cities_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cities" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('branches');
--> statement-breakpoint
CREATE TRIGGER "branches_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branches" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('branches');
--> statement-breakpoint
CREATE TRIGGER "delivery_zones_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_zones" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('branches');
--> statement-breakpoint
CREATE TRIGGER "delivery_zone_branches_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_zone_branches" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('branches');
--> statement-breakpoint
CREATE TRIGGER "shippers_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shippers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('shipper');
--> statement-breakpoint
CREATE TRIGGER "news_events_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "news_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('content');
--> statement-breakpoint
CREATE TRIGGER "stocks_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stocks" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('content');
--> statement-breakpoint
CREATE TRIGGER "vacancies_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vacancies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('content');
--> statement-breakpoint
CREATE TRIGGER "recipes_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipes" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('content');
--> statement-breakpoint
CREATE TRIGGER "pages_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('content');
--> statement-breakpoint
CREATE TRIGGER "reviews_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('content');
