-- The catalogue's generation, counted by triggers in the transaction of every write to what pages
-- and catalogue answers show; app instances compare it to know their render cache is stale.
CREATE TABLE "suki_cache_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "suki_cache_generation_one_row" CHECK ("suki_cache_generation"."id" = 1)
);--> statement-breakpoint
INSERT INTO "suki_cache_generation" ("id", "generation") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION suki_bump_cache_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE suki_cache_generation SET generation = generation + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "suki_categories_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_categories" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_brands_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_brands" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_attributes_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_attributes" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_attribute_terms_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_attribute_terms" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_products_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_products" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_product_categories_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_product_categories" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_product_attributes_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_product_attributes" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_product_attribute_terms_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_product_attribute_terms" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_variation_attributes_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_variation_attributes" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_product_images_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_product_images" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_posts_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_posts" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
CREATE TRIGGER "suki_post_images_cache_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suki_post_images" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();--> statement-breakpoint
-- Comments count only when an approved one appears, changes or goes: held comments are not shown,
-- so a stream of new (held) comments leaves the cache alone.
CREATE OR REPLACE FUNCTION suki_bump_cache_generation_comment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD.status = 'approved') OR (TG_OP <> 'DELETE' AND NEW.status = 'approved') THEN
    UPDATE suki_cache_generation SET generation = generation + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "suki_comments_cache_generation" AFTER INSERT OR UPDATE OR DELETE ON "suki_comments" FOR EACH ROW EXECUTE FUNCTION suki_bump_cache_generation_comment();--> statement-breakpoint
CREATE TRIGGER "suki_comments_truncate_cache_generation" AFTER TRUNCATE ON "suki_comments" FOR EACH STATEMENT EXECUTE FUNCTION suki_bump_cache_generation();
