-- The shopper's language where it is decided: an order keeps the language of its checkout (the
-- shopper's order mails are written in it, also when staff change its status later), an account
-- the language of its registration and last sign-in. Existing rows are English (en-PH).
ALTER TABLE "suki_customers" ADD COLUMN "locale" text DEFAULT 'en-PH' NOT NULL;--> statement-breakpoint
ALTER TABLE "suki_orders" ADD COLUMN "locale" text DEFAULT 'en-PH' NOT NULL;