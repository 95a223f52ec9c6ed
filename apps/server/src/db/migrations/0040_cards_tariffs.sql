-- RFID cards and card groups, tariffs, and what a charging session keeps of them. Prices are integers in 1/10,000
-- of the currency's major unit ("price units"); amounts of money are integers in the currency's minor unit.

-- A site's card groups. Exactly one is the default (new cards go there; it cannot be deleted). The multiplier is the
-- percentage of the tariff the group's cards pay, in hundredths of a percent: 80 % = 8000.
create table card_groups (
  id bigserial primary key,
  station_id bigint not null references sites (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 50),
  is_default boolean not null default false,
  multiplier_bp integer not null check (multiplier_bp between 0 and 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index card_groups_station_name_key on card_groups (station_id, lower(name));
create unique index card_groups_station_default_key on card_groups (station_id) where is_default;

-- A card is an OCPP idTag the site accepts. Recycled cards are kept (sessions point at them) and answer Blocked.
create table cards (
  id bigserial primary key,
  station_id bigint not null references sites (id) on delete cascade,
  card_id text not null check (card_id ~ '^[A-Za-z0-9._:-]{1,20}$'),
  holder text not null default '' check (char_length(holder) <= 100),
  group_id bigint not null references card_groups (id),
  email text not null default '',
  subscribe_report boolean not null default false,
  status text not null default 'active' check (status in ('active', 'recycled')),
  recycled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Unique within the site whatever the status: a recycled card can be restored without a clash.
create unique index cards_station_card_id_key on cards (station_id, lower(card_id));
create index cards_group_idx on cards (group_id);

-- Tariff versions: saving a tariff inserts a row; the newest row of a site is its tariff. A session keeps the id of
-- the version it started under.
create table tariffs (
  id bigserial primary key,
  station_id bigint not null references sites (id) on delete cascade,
  price_model text not null check (price_model in ('static', 'timeOfUse')),
  energy_price bigint not null check (energy_price >= 0),
  time_price bigint not null check (time_price >= 0),
  idle_price bigint not null check (idle_price >= 0),
  start_fee bigint not null check (start_fee >= 0),
  prices_include_vat boolean not null,
  -- Hundredths of a percent: 21 % = 2100.
  vat_rate_bp integer not null check (vat_rate_bp between 0 and 10000),
  payment_methods text[] not null default '{}',
  -- [{days, from, to, energyPrice, timePrice, idlePrice}] with prices in price units.
  bands jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create index tariffs_station_idx on tariffs (station_id, id desc);

-- History outlives the charger: deleting a charger keeps its sessions (and their readings) with a snapshot of its
-- names; readings outside any session go with the charger (the delete service removes them).
alter table charging_sessions drop constraint charging_sessions_charger_id_fkey;
alter table charging_sessions
  alter column charger_id drop not null,
  add constraint charging_sessions_charger_id_fkey
    foreign key (charger_id) references chargers (id) on delete set null,
  add column charger_alias text not null default '',
  add column product_code text not null default '',
  -- The card presented (null when the id tag is no card of the site) and its group when the session started.
  add column card_id bigint references cards (id) on delete set null,
  add column card_group_id bigint references card_groups (id) on delete set null,
  add column card_group_name text,
  add column multiplier_bp integer not null default 10000,
  -- What the card check decided (OCPP idTagInfo.status); the session is recorded whatever it says. Quoted:
  -- AUTHORIZATION is a reserved word in PostgreSQL (Kysely quotes every identifier it writes).
  add column "authorization" text not null default 'Accepted',
  add column tariff_id bigint references tariffs (id) on delete set null,
  add column currency text not null default '',
  -- The cost engine's result: final once complete, an estimate while ongoing.
  add column cost_net_minor bigint,
  add column cost_vat_minor bigint,
  add column cost_gross_minor bigint,
  add column cost_breakdown jsonb,
  -- Whether the charging report of a subscribed card went out (the outbox holds the mail).
  add column report_sent_at timestamptz;
update charging_sessions s set charger_alias = c.alias, product_code = c.product_code
  from chargers c where c.id = s.charger_id;
create index charging_sessions_card_idx on charging_sessions (card_id) where card_id is not null;

alter table meter_values drop constraint meter_values_charger_id_fkey;
alter table meter_values
  alter column charger_id drop not null,
  add constraint meter_values_charger_id_fkey
    foreign key (charger_id) references chargers (id) on delete set null;
