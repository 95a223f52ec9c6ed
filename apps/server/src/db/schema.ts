import type { ColumnType, Generated } from 'kysely';
import type { ChargerStatus, ChargerType, Connectivity } from '@plugboard/contract';

// Row types of the tables in db/migrations, for Kysely. Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: Generated<string>;
  company_name: Generated<string>;
  company_address: Generated<string>;
  vat_number: Generated<string>;
  language: Generated<string>;
  avatar: Buffer | null;
  avatar_type: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface UserSessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** Money and power as integers: fixed cost in 1/10000 of the currency per kWh, power in watts. */
export interface SitesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  address: string;
  currency: string;
  fixed_cost_e4: number;
  fixed_cost_includes_vat: boolean;
  power_capacity_w: number;
  phases: number;
  capacity_l1: number;
  capacity_l2: number | null;
  capacity_l3: number | null;
  is_open_load: boolean;
  contact_name: string;
  contact_email: string;
  help_phone: string;
  time_zone: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ServerSecretsTable {
  name: string;
  value: Buffer;
  created_at: DefaultTimestamp;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  code_hash: Buffer;
  user_id: number | null;
  client_ip: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface VerificationFailuresTable {
  email: string;
  purpose: string;
  failed_tries: Generated<number>;
  last_failed_at: Timestamp;
  locked_until: NullableTimestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  client_ip: string;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  to_email: string;
  subject: string;
  text: string;
  created_at: DefaultTimestamp;
  sent_at: NullableTimestamp;
  error: string | null;
}

/** OCPP charge points (0020_chargers.sql); statuses are the console's, see docs/ocpp.md. */
export interface ChargersTable {
  id: Generated<number>;
  station_id: number;
  product_code: string;
  alias: string;
  pin_hash: Buffer;
  vendor: string | null;
  model: string | null;
  serial_number: string | null;
  firmware_version: string | null;
  rated_power_w: number | null;
  charger_type: ChargerType | null;
  connectivity: Connectivity | null;
  status: Generated<ChargerStatus>;
  error_code: string | null;
  connected: Generated<boolean>;
  connection_id: string | null;
  last_seen_at: NullableTimestamp;
  booted_at: NullableTimestamp;
  iccid: string | null;
  imsi: string | null;
  meter_type: string | null;
  meter_serial_number: string | null;
  firmware_status: string | null;
  firmware_status_at: NullableTimestamp;
  diagnostics_status: string | null;
  diagnostics_status_at: NullableTimestamp;
  /** 0030_firmware.sql: the charger's own per-phase limits (A) and what the console shows of its PIN. */
  capacity_l1: number | null;
  capacity_l2: number | null;
  capacity_l3: number | null;
  pin_hint: Generated<string>;
  /** 0051_nodes.sql: the node that holds the socket named by connection_id. */
  node_id: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ConnectorsTable {
  charger_id: number;
  connector_id: number;
  status: ChargerStatus;
  ocpp_status: string;
  error_code: Generated<string>;
  info: string | null;
  vendor_error_code: string | null;
  status_at: Timestamp;
  updated_at: DefaultTimestamp;
}

export interface ChargingSessionsTable {
  id: Generated<number>;
  station_id: number;
  /** null once the charger was deleted: the session keeps `charger_alias` and `product_code`. */
  charger_id: number | null;
  connector_id: number;
  transaction_id: number;
  id_tag: string;
  start_time: Timestamp;
  end_time: NullableTimestamp;
  meter_start_wh: number;
  meter_stop_wh: number | null;
  energy_wh: number | null;
  status: Generated<'ongoing' | 'complete'>;
  start_by: Generated<string>;
  stop_reason: string | null;
  flags: Generated<string[]>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  charger_alias: Generated<string>;
  product_code: Generated<string>;
  card_id: number | null;
  card_group_id: number | null;
  card_group_name: string | null;
  multiplier_bp: Generated<number>;
  authorization: Generated<string>;
  tariff_id: number | null;
  currency: Generated<string>;
  cost_net_minor: number | null;
  cost_vat_minor: number | null;
  cost_gross_minor: number | null;
  cost_breakdown: unknown;
  report_sent_at: NullableTimestamp;
}

export interface MeterValuesTable {
  id: Generated<number>;
  charger_id: number | null;
  connector_id: number;
  session_id: number | null;
  sampled_at: Timestamp;
  energy_wh: number | null;
  power_w: number | null;
  current_l1: number | null;
  current_l2: number | null;
  current_l3: number | null;
  created_at: DefaultTimestamp;
}

/** The firmware catalogue (0030_firmware.sql): user_id null = the server's FIRMWARE_CATALOG. */
export interface FirmwareVersionsTable {
  id: Generated<number>;
  user_id: number | null;
  model: string;
  version: string;
  url: string;
  created_at: DefaultTimestamp;
}

/** RemoteStartTransactions the console sent, waiting for their StartTransaction. */
export interface RemoteStartRequestsTable {
  id: Generated<number>;
  charger_id: number;
  connector_id: number;
  id_tag: string;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
}

/** Card groups (0040_cards_tariffs.sql): multiplier in hundredths of a percent. */
export interface CardGroupsTable {
  id: Generated<number>;
  station_id: number;
  name: string;
  is_default: Generated<boolean>;
  multiplier_bp: number;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface CardsTable {
  id: Generated<number>;
  station_id: number;
  card_id: string;
  holder: Generated<string>;
  group_id: number;
  email: Generated<string>;
  subscribe_report: Generated<boolean>;
  status: Generated<'active' | 'recycled'>;
  recycled_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Tariff versions: prices in 1/10,000 of the major unit, VAT in hundredths of a percent. */
export interface TariffsTable {
  id: Generated<number>;
  station_id: number;
  price_model: 'static' | 'timeOfUse';
  energy_price: number;
  time_price: number;
  idle_price: number;
  start_fee: number;
  prices_include_vat: boolean;
  vat_rate_bp: number;
  payment_methods: Generated<string[]>;
  bands: ColumnType<unknown, string | undefined, string>;
  created_at: DefaultTimestamp;
}

/** Events written with the change they announce (0050_events.sql, modules/events). */
export interface EventsTable {
  id: Generated<number>;
  type: string;
  version: number;
  station_id: number;
  /** The event's payload, JSON-safe; written as its JSON text. */
  payload: ColumnType<unknown, string, never>;
  occurred_at: Timestamp;
}

/** Which events a consumer with an outside effect has handled. */
export interface ProcessedEventsTable {
  consumer: string;
  event_id: number;
  processed_at: Timestamp;
}

/** 0051_nodes.sql: the nodes sharing the database, and the commands one routes to another. */
export interface NodesTable {
  id: string;
  started_at: DefaultTimestamp;
  heartbeat_at: DefaultTimestamp;
}

export interface NodeCallsTable {
  id: string;
  target_node: string;
  origin_node: string;
  product_code: string;
  action: string;
  /** JSON text in, the parsed value out. */
  payload: ColumnType<unknown, string, string>;
  timeout_ms: number;
  created_at: DefaultTimestamp;
  taken_at: NullableTimestamp;
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  error_code: number | null;
  error_message: string | null;
  answered_at: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  user_sessions: UserSessionsTable;
  server_secrets: ServerSecretsTable;
  verification_codes: VerificationCodesTable;
  verification_failures: VerificationFailuresTable;
  login_failures: LoginFailuresTable;
  outbox: OutboxTable;
  sites: SitesTable;
  chargers: ChargersTable;
  connectors: ConnectorsTable;
  charging_sessions: ChargingSessionsTable;
  meter_values: MeterValuesTable;
  firmware_versions: FirmwareVersionsTable;
  remote_start_requests: RemoteStartRequestsTable;
  card_groups: CardGroupsTable;
  cards: CardsTable;
  tariffs: TariffsTable;
  events: EventsTable;
  processed_events: ProcessedEventsTable;
  nodes: NodesTable;
  node_calls: NodeCallsTable;
}
