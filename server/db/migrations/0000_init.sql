CREATE TABLE "suki_attribute_terms" (
	"id" integer PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL,
	"hex" text
);
--> statement-breakpoint
CREATE TABLE "suki_attributes" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"taxonomy" text NOT NULL,
	CONSTRAINT "suki_attributes_taxonomy_unique" UNIQUE("taxonomy")
);
--> statement-breakpoint
CREATE TABLE "suki_brands" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "suki_brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "suki_cart_items" (
	"session_id" text NOT NULL,
	"key" text NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "suki_cart_items_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suki_cart_items_session_id_key_pk" PRIMARY KEY("session_id","key"),
	CONSTRAINT "suki_cart_items_quantity_positive" CHECK ("suki_cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "suki_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"parent" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "suki_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "suki_idempotency_keys" (
	"session_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"body" text,
	"headers" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suki_idempotency_keys_session_id_key_pk" PRIMARY KEY("session_id","key")
);
--> statement-breakpoint
CREATE TABLE "suki_product_attribute_terms" (
	"product_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "suki_product_attribute_terms_product_id_term_id_pk" PRIMARY KEY("product_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "suki_product_attributes" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"has_variations" boolean DEFAULT false NOT NULL,
	CONSTRAINT "suki_product_attributes_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "suki_product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "suki_product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "suki_product_images" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suki_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sku" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"regular_price" integer DEFAULT 0 NOT NULL,
	"sale_price" integer,
	"min_price" integer DEFAULT 0 NOT NULL,
	"max_price" integer DEFAULT 0 NOT NULL,
	"stock_quantity" integer,
	"max_per_order" integer,
	"sold_individually" boolean DEFAULT false NOT NULL,
	"brand_id" integer,
	"rating_hundredths" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"total_sales" integer DEFAULT 0 NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL,
	"hex" text DEFAULT '#8a6d3b' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suki_products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "suki_products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "suki_products_prices_positive" CHECK ("suki_products"."regular_price" >= 0 AND ("suki_products"."sale_price" IS NULL OR "suki_products"."sale_price" >= 0))
);
--> statement-breakpoint
CREATE TABLE "suki_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"previous_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suki_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suki_variation_attributes" (
	"variation_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "suki_variation_attributes_variation_id_attribute_id_pk" PRIMARY KEY("variation_id","attribute_id")
);
--> statement-breakpoint
ALTER TABLE "suki_attribute_terms" ADD CONSTRAINT "suki_attribute_terms_attribute_id_suki_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."suki_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_cart_items" ADD CONSTRAINT "suki_cart_items_session_id_suki_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."suki_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_cart_items" ADD CONSTRAINT "suki_cart_items_product_id_suki_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."suki_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_product_attribute_terms" ADD CONSTRAINT "suki_product_attribute_terms_product_id_suki_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."suki_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_product_attribute_terms" ADD CONSTRAINT "suki_product_attribute_terms_term_id_suki_attribute_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."suki_attribute_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_product_attributes" ADD CONSTRAINT "suki_product_attributes_product_id_suki_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."suki_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_product_attributes" ADD CONSTRAINT "suki_product_attributes_attribute_id_suki_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."suki_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_product_categories" ADD CONSTRAINT "suki_product_categories_product_id_suki_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."suki_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_product_categories" ADD CONSTRAINT "suki_product_categories_category_id_suki_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."suki_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_product_images" ADD CONSTRAINT "suki_product_images_product_id_suki_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."suki_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_products" ADD CONSTRAINT "suki_products_brand_id_suki_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."suki_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_variation_attributes" ADD CONSTRAINT "suki_variation_attributes_variation_id_suki_products_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."suki_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_variation_attributes" ADD CONSTRAINT "suki_variation_attributes_attribute_id_suki_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."suki_attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suki_variation_attributes" ADD CONSTRAINT "suki_variation_attributes_term_id_suki_attribute_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."suki_attribute_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suki_attribute_terms_attr_slug" ON "suki_attribute_terms" USING btree ("attribute_id","slug");--> statement-breakpoint
CREATE INDEX "suki_idempotency_created" ON "suki_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "suki_product_categories_cat" ON "suki_product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suki_product_images_product_pos" ON "suki_product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "suki_products_parent" ON "suki_products" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "suki_products_min_price" ON "suki_products" USING btree ("min_price");--> statement-breakpoint
CREATE INDEX "suki_products_created" ON "suki_products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "suki_sessions_expires" ON "suki_sessions" USING btree ("expires_at");