CREATE TABLE "demo_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_refunds" ADD CONSTRAINT "demo_refunds_payment_intent_id_demo_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."demo_payment_intents"("id") ON DELETE cascade ON UPDATE no action;