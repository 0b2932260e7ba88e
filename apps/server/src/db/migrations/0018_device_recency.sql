DROP INDEX "devices_last_login_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "recency" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "zones_differ" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "devices_recency_idx" ON "devices" USING btree ("recency","last_login","user_id");--> statement-breakpoint
CREATE INDEX "devices_zoned_idx" ON "devices" USING btree ("last_login","user_id") WHERE "devices"."zones_differ" AND "devices"."recency" = 2;--> statement-breakpoint
CREATE INDEX "devices_first_login_idx" ON "devices" USING btree ("first_login","user_id");--> statement-breakpoint
-- Decision 0035: each device's recency among its user's devices (1 = the latest last sign-in, ties by the higher id)
-- and whether the user's devices are in two time zones or more, for the given users (read through their user id). The one
-- place this rule is written: the triggers below call it for the users whose devices a statement changed.
CREATE FUNCTION devices_rerank(user_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE devices d SET recency = r.recency, zones_differ = r.zones_differ
  FROM (
    SELECT id,
      row_number() OVER (PARTITION BY user_id ORDER BY last_login DESC, id DESC)::integer AS recency,
      coalesce(
        min(nullif(timezone, '')) OVER (PARTITION BY user_id) <> max(nullif(timezone, '')) OVER (PARTITION BY user_id),
        false
      ) AS zones_differ
    FROM devices
    WHERE user_id = ANY(user_ids)
  ) r
  WHERE d.id = r.id AND (d.recency <> r.recency OR d.zones_differ <> r.zones_differ)
$$;
--> statement-breakpoint
SELECT devices_rerank(ARRAY(SELECT DISTINCT user_id FROM devices));
--> statement-breakpoint
-- After each statement that writes devices: once per statement, for the users it touched. An update that changes
-- neither a last sign-in, a time zone nor an owner (a sign-in count, a name, or this very reranking) reranks nobody.
CREATE FUNCTION devices_rerank_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM old_rows);
  ELSE
    touched := ARRAY(
      SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.last_login IS DISTINCT FROM o.last_login OR n.timezone IS DISTINCT FROM o.timezone OR n.user_id <> o.user_id
      UNION
      SELECT o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.user_id <> o.user_id
    );
  END IF;
  -- A statement trigger fires for a statement that wrote no row too: nothing to rerank then (and no recursion).
  IF cardinality(touched) > 0 THEN
    PERFORM devices_rerank(touched);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER devices_rerank_inserted AFTER INSERT ON devices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_rerank_changed();
--> statement-breakpoint
CREATE TRIGGER devices_rerank_updated AFTER UPDATE ON devices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_rerank_changed();
--> statement-breakpoint
CREATE TRIGGER devices_rerank_deleted AFTER DELETE ON devices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_rerank_changed();
