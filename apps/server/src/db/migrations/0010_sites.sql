-- Sites (stations) of an operator's account. Money and power are integers: the fixed cost in 1/10000 of the
-- site currency per kWh (the console speaks up to 4 decimals), the power capacity in watts (kW with 2 decimals).
create table sites (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100),
  address text not null check (address <> ''),
  -- Set at creation and never changed: tariffs, sessions and invoices of the site are priced in it.
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  fixed_cost_e4 bigint not null default 0 check (fixed_cost_e4 >= 0),
  fixed_cost_includes_vat boolean not null default true,
  power_capacity_w integer not null check (power_capacity_w > 0),
  phases smallint not null check (phases in (1, 3)),
  capacity_l1 integer not null check (capacity_l1 > 0),
  capacity_l2 integer check (capacity_l2 > 0),
  capacity_l3 integer check (capacity_l3 > 0),
  is_open_load boolean not null default false,
  contact_name text not null default '',
  contact_email text not null default '',
  help_phone text not null default '',
  time_zone text not null default 'Europe/Amsterdam',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint sites_phase_capacities check (
    (phases = 1 and capacity_l2 is null and capacity_l3 is null)
    or (phases = 3 and capacity_l2 is not null and capacity_l3 is not null)
  )
);

-- Serves the site list (one account's sites by name, then id, and its count) and the foreign key's cascade.
create index sites_user_id_name_idx on sites (user_id, lower(name), id);

-- The currency lock holds whatever path writes the row, not only the console's update call.
create function sites_currency_locked() returns trigger language plpgsql as $$
begin
  raise exception 'the currency of site % cannot be changed', old.id using errcode = 'check_violation';
end $$;
create trigger sites_currency_locked before update of currency on sites
  for each row when (old.currency is distinct from new.currency) execute function sites_currency_locked();
