-- The chargers list sorts names as an operator reads them: numbers by value (BULK-2 before BULK-10), letters
-- without regard to case first (ICU's root collation with numeric ordering; the embedded PostgreSQL is built with
-- ICU). Deterministic, so two different names never compare equal and, with the id after it, every page has one
-- order. The index serves the first pages of a site's list (station_id, then the list's order).
create collation if not exists natural_order (provider = icu, locale = 'und-u-kn-true');
create index chargers_station_alias_natural_idx on chargers (station_id, (alias collate natural_order), id);
