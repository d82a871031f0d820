CREATE TABLE "suki_review_media" (
	"id" bigint PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"owner_hash" text NOT NULL,
	"item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text,
	"review_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suki_review_media_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "suki_review_media_kind" CHECK ("suki_review_media"."kind" IN ('image', 'video'))
);
--> statement-breakpoint
CREATE INDEX "suki_review_media_review" ON "suki_review_media" USING btree ("review_id","position");--> statement-breakpoint
CREATE INDEX "suki_review_media_unattached" ON "suki_review_media" USING btree ("created_at") WHERE "suki_review_media"."review_id" IS NULL;--> statement-breakpoint
CREATE INDEX "suki_review_media_owner" ON "suki_review_media" USING btree ("owner_hash","item_id") WHERE "suki_review_media"."review_id" IS NULL;