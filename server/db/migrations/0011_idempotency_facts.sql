-- A cart write on the fast path stores what its answer is made of (the request's inputs, the add's
-- outcome and the cart as it became), in the same statement as the write, instead of the answer's
-- bytes: a replay draws the same answer from them. Rows from the general path keep status, body
-- and headers; a row has one or the other.
ALTER TABLE "suki_idempotency_keys" ADD COLUMN "facts" json;
