/**
 * What the sessions core takes when a charging transaction starts, is updated and ends: the shape of OCPP 2.0.1
 * TransactionEventRequest (the fields the core reads, with 2.0.1's names and values). OCPP 1.6 maps onto it today
 * (ocpp/v16/transaction-events.ts); 2.0.1 and OCPI are to map onto it later. It lives here, not in packages/ocpp:
 * it is the core's input, whatever the protocol.
 */
export type TransactionEvent<T extends TransactionEventType = TransactionEventType> = {
  eventType: T;
  /** When it happened, by the charger's clock (ISO 8601). */
  timestamp: string;
  triggerReason: TriggerReason;
  /** The charger's count of this transaction's events; the core recognises replays by their content, not by it. */
  seqNo: number;
  /** Sent late, from the charger's queue while it was offline. */
  offline?: boolean;
  transactionInfo: {
    transactionId: string;
    /** Stored as sent ('Local' when absent, as both OCPP versions say). */
    stoppedReason?: string;
  };
  idToken?: { idToken: string; type: string };
  /** Connector numbers of the console are EVSE ids (1.6's connectorId); 0 is the whole charger. */
  evse?: { id: number; connectorId?: number };
  meterValue?: MeterValue[];
};

export type TransactionEventType = 'Started' | 'Updated' | 'Ended';

/** A charger's meter at one moment (2.0.1 MeterValueType). */
export type MeterValue = { timestamp: string; sampledValue: SampledValue[] };

/** One measured value (2.0.1 SampledValueType, without signed data). */
export type SampledValue = {
  value: number;
  /** Energy.Active.Import.Register when absent. */
  measurand?: Measurand;
  phase?: Phase;
  /** Sample.Periodic when absent; Transaction.Begin / Transaction.End mark a session's start and stop register. */
  context?: ReadingContext;
  /** Outlet when absent; a value measured at the EV is not the charger's meter. */
  location?: 'Body' | 'Cable' | 'EV' | 'Inlet' | 'Outlet';
  /** Wh (energy), W (power) or A (current) when absent; the value is multiplied by 10 to the `multiplier`. */
  unitOfMeasure?: { unit?: string; multiplier?: number };
};

export type TriggerReason =
  | 'Authorized'
  | 'CablePluggedIn'
  | 'ChargingRateChanged'
  | 'ChargingStateChanged'
  | 'Deauthorized'
  | 'EnergyLimitReached'
  | 'EVCommunicationLost'
  | 'EVConnectTimeout'
  | 'MeterValueClock'
  | 'MeterValuePeriodic'
  | 'TimeLimitReached'
  | 'Trigger'
  | 'UnlockCommand'
  | 'StopAuthorized'
  | 'EVDeparted'
  | 'EVDetected'
  | 'RemoteStop'
  | 'RemoteStart'
  | 'AbnormalCondition'
  | 'SignedDataReceived'
  | 'ResetCommand';

export type Measurand =
  | 'Current.Export'
  | 'Current.Import'
  | 'Current.Offered'
  | 'Energy.Active.Export.Register'
  | 'Energy.Active.Import.Register'
  | 'Energy.Reactive.Export.Register'
  | 'Energy.Reactive.Import.Register'
  | 'Energy.Active.Export.Interval'
  | 'Energy.Active.Import.Interval'
  | 'Energy.Active.Net'
  | 'Energy.Reactive.Export.Interval'
  | 'Energy.Reactive.Import.Interval'
  | 'Energy.Reactive.Net'
  | 'Energy.Apparent.Net'
  | 'Energy.Apparent.Import'
  | 'Energy.Apparent.Export'
  | 'Frequency'
  | 'Power.Active.Export'
  | 'Power.Active.Import'
  | 'Power.Factor'
  | 'Power.Offered'
  | 'Power.Reactive.Export'
  | 'Power.Reactive.Import'
  | 'SoC'
  | 'Voltage';

export type Phase = 'L1' | 'L2' | 'L3' | 'N' | 'L1-N' | 'L2-N' | 'L3-N' | 'L1-L2' | 'L2-L3' | 'L3-L1';

export type ReadingContext =
  | 'Interruption.Begin'
  | 'Interruption.End'
  | 'Other'
  | 'Sample.Clock'
  | 'Sample.Periodic'
  | 'Transaction.Begin'
  | 'Transaction.End'
  | 'Trigger';
