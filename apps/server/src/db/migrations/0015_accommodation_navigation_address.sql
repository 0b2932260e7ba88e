-- A stay's navigation address when it differs from the place (000 §2 "navigation address if different"; issue 22).
ALTER TABLE "accommodations" ADD COLUMN "navigation_address" text;
