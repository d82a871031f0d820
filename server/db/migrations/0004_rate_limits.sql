CREATE TABLE "suki_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "suki_rate_limits_expire" ON "suki_rate_limits" USING btree ("expire");