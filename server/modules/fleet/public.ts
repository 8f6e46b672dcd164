/** What the rest of the server may use of the fleet module (docs/decisions/008-import-boundaries.md). */
export { type Clock, Fleet, type FleetChange, type MowerView, systemClock } from './fleet.ts';
export { type CommandResult, type MowerCommand } from './fleet-model.ts';
export { type Admission, CommandBudget, type CommandLimits, MAX_COMMANDS_PER_REQUEST, sweepCommandBuckets } from './command-budget.ts';
export { postFleetMessages } from './fleet-messages.ts';
export { liveFleet } from './live-fleet.ts';
export { sweepExpiredMqttCredentials } from './mqtt-credentials.ts';
export { MQTT_MAX_CONNECT_BYTES, type MqttLimits } from './mqtt-limits.ts';
