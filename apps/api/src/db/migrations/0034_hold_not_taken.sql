-- Issue 37: a logged-in buyer's hold sends its COMMIT in the same message as its guarded take
-- (holdLotUnitsAndCommit, modules/cart/stock.ts). When the take finds no room, the statement must fail, so that
-- PostgreSQL skips that COMMIT and the transaction rolls back: this raises the error it fails with.
-- VOLATILE (the default), so it runs only where a row needs it, never while the statement is planned.
CREATE FUNCTION "hold_not_taken"() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the lot had not the units asked' USING ERRCODE = 'BT001';
END;
$$;
