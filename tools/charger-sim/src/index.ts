export {
  createSimulatedCharger,
  type ConnectorState,
  type ConnectorStatus,
  type SimulatedCharger,
  type SimulatedChargerOptions,
} from './simulated-charger.ts';
export { carPowerW, currentsFor, profileLimitW, type Electrical } from './car-model.ts';
export { hashDataOf, requestChargePointCertificate, type CertificateOptions } from './certificates.ts';
export { replaySession, type ReplayReading, type ReplayedSession } from './replay.ts';
