export { BUNDLED_RELAY, relayBeside } from './bundled-relay.js';
export { relayToolSocket } from './delegated-tools-relay.js';
export type { TrussCommand } from './delegated-tools-vendor.js';
