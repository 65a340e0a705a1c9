DROP INDEX "orders_awaiting";--> statement-breakpoint
CREATE INDEX "orders_awaiting" ON "orders" USING btree ("created_at") WHERE "orders"."status" in (1, 4);