-- The sold row of each cart line (the variation, or the simple product), so cart queries join on a
-- plain column. Existing lines are filled in before the column becomes NOT NULL.
ALTER TABLE "suki_cart_items" ADD COLUMN "item_id" integer;--> statement-breakpoint
UPDATE "suki_cart_items" SET "item_id" = CASE WHEN "variation_id" > 0 THEN "variation_id" ELSE "product_id" END;--> statement-breakpoint
DELETE FROM "suki_cart_items" WHERE "item_id" NOT IN (SELECT "id" FROM "suki_products");--> statement-breakpoint
ALTER TABLE "suki_cart_items" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "suki_cart_items" ADD CONSTRAINT "suki_cart_items_item_id_suki_products_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."suki_products"("id") ON DELETE cascade ON UPDATE no action;
